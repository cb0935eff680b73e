import { sql, type Kysely } from 'kysely';

/**
 * Live updates (shared/server events/): a change notifies channel `phoenix_live` with
 * `{"topic": …, "id": …}` in the transaction that makes it, so every instance listening hears it
 * once it commits (never a rolled-back one). Triggers, so no writer can forget: every action-log row
 * (each change writes one: its target type is the topic), a distribution's progress (its job writes
 * no log row per batch) and the battles table (written by the game too; per statement, so a bulk
 * insert notifies once). Only the topic and the id travel: a client reads the data again through
 * its permission-checked routes.
 */
export async function up(db: Kysely<any>) {
  await sql`
    create or replace function live_notify_action_log() returns trigger language plpgsql as $$
    begin
      perform pg_notify('phoenix_live', json_build_object('topic', new.target_type, 'id', new.target_id)::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger action_logs_live_notify after insert on action_logs
    for each row execute function live_notify_action_log()`.execute(db);

  await sql`
    create or replace function live_notify_present_distribution() returns trigger language plpgsql as $$
    begin
      perform pg_notify('phoenix_live', json_build_object('topic', 'presentDistribution', 'id', new.id::text)::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger present_distributions_live_notify after insert or update on present_distributions
    for each row execute function live_notify_present_distribution()`.execute(db);

  await sql`
    create or replace function live_notify_battles() returns trigger language plpgsql as $$
    begin
      perform pg_notify('phoenix_live', json_build_object('topic', 'battle', 'id', null)::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger battles_live_notify after insert or update or delete on battles
    for each statement execute function live_notify_battles()`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop trigger if exists battles_live_notify on battles`.execute(db);
  await sql`drop function if exists live_notify_battles()`.execute(db);
  await sql`drop trigger if exists present_distributions_live_notify on present_distributions`.execute(db);
  await sql`drop function if exists live_notify_present_distribution()`.execute(db);
  await sql`drop trigger if exists action_logs_live_notify on action_logs`.execute(db);
  await sql`drop function if exists live_notify_action_log()`.execute(db);
}
