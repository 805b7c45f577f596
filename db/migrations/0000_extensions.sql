-- Custom SQL migration file, put your code below! ---- Trigram indexes back the `q` search filters of the lists.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
