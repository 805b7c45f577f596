CREATE UNLOGGED TABLE "recent_writes" (
	"caller" text PRIMARY KEY NOT NULL,
	"lsn" text NOT NULL,
	"written_at" timestamp (3) with time zone NOT NULL
);
