#!/usr/bin/env bash
# The servers the scale tests (tests/scale/) need beside the main PostgreSQL, made once per
# machine and started if stopped (.ci/run calls this; run it by hand to run those tests locally):
# - cluster `scale` on port 5434: a primary with a streaming replica,
# - cluster `replica` on port 5435: that replica, made with pg_basebackup, replaying WAL 300 ms
#   late (recovery_min_apply_delay) so that its lag shows;
# - PgBouncer on port 6432 in transaction mode, in front of the main server (port 5432).
# Needs root (it creates clusters and starts PgBouncer as the postgres user) and Debian's
# postgresql-common and pgbouncer packages.
set -euo pipefail
version="$(ls /etc/postgresql | sort -n | tail -n1)"
wait_ready() { for _ in $(seq 1 60); do pg_isready -h 127.0.0.1 -p "$1" -q && return 0; sleep 0.5; done; pg_isready -h 127.0.0.1 -p "$1"; }
has_cluster() { pg_lsclusters --no-header | awk '{print $2}' | grep -qx "$1"; }

if ! has_cluster scale; then
  pg_createcluster "$version" scale -p 5434 -- --auth=trust >/dev/null
fi
pg_ctlcluster --skip-systemctl-redirect "$version" scale start 2>/dev/null || true
wait_ready 5434

if ! has_cluster replica || [ ! -f "/var/lib/postgresql/$version/replica/standby.signal" ]; then
  has_cluster replica && pg_dropcluster "$version" replica
  pg_createcluster "$version" replica -p 5435 -- --auth=trust >/dev/null
  data="/var/lib/postgresql/$version/replica"
  rm -rf "$data" && mkdir -m 700 "$data" && chown postgres:postgres "$data"
  # -R: standby.signal and primary_conninfo; -X stream: the WAL written while copying comes too.
  su postgres -s /bin/sh -c "pg_basebackup -h 127.0.0.1 -p 5434 -U postgres -D '$data' -R -X stream -c fast"
  echo "recovery_min_apply_delay = '300ms'" > "/etc/postgresql/$version/replica/conf.d/replica-delay.conf"
fi
pg_ctlcluster --skip-systemctl-redirect "$version" replica start 2>/dev/null || true
wait_ready 5435

if ! pg_isready -h 127.0.0.1 -p 6432 -q 2>/dev/null; then
  conf=/etc/pgbouncer/groundwork-tests.ini
  cat > "$conf" <<'INI'
[databases]
* = host=127.0.0.1 port=5432

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = 6432
unix_socket_dir =
auth_type = trust
auth_file = /etc/pgbouncer/groundwork-tests-users.txt
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 40
max_db_connections = 80
server_reset_query =
ignore_startup_parameters = extra_float_digits
logfile = /var/log/postgresql/pgbouncer-groundwork-tests.log
pidfile = /run/postgresql/pgbouncer-groundwork-tests.pid
INI
  echo '"postgres" ""' > /etc/pgbouncer/groundwork-tests-users.txt
  mkdir -p /run/postgresql && chown postgres:postgres /run/postgresql
  touch /var/log/postgresql/pgbouncer-groundwork-tests.log && chown postgres:postgres /var/log/postgresql/pgbouncer-groundwork-tests.log
  su postgres -s /bin/sh -c "pgbouncer -d '$conf'"
fi
wait_ready 6432
