/* lw-club-schema.c — the club server's schema and roles
 * (docs/CLUB-SERVER.md "Schema")
 *
 * Schema `littlewolf`, version 1 (littlewolf.meta 'schema_version'):
 *   meta      key → value: schema_version, club (the club's UUID)
 *   origins   one row per laptop: its UUID, name (unique) and login role
 *   games     one row per game: its UUID, the origin that owns it, the
 *             owner's version of it, when it was played (seconds since
 *             1970), its game record JSON (NULL once deleted: the row
 *             stays so that the deletion reaches every laptop), and seq,
 *             the change number (littlewolf.changes) given at every write
 *   pushes    per origin, the number of its last push the server took
 *
 * Version 2 adds:
 *   events    one row per event: its UUID, the origin that owns it, the
 *             owner's version of it, its facts as JSON (format, players,
 *             rounds, tables, results; NULL once deleted) and seq, a
 *             change number of the same littlewolf.changes as the games',
 *             so that one pull reads games and events in one order
 *
 * Version 3 adds:
 *   suggestions  a correction of another laptop's game sent to it: the
 *             game's UUID, who sent it (origin) and to whom (target, the
 *             game's owner), the game's version it was made at, the
 *             correction (kind replace, insert or delete, the round's
 *             number, its new facts as round JSON), its state (open,
 *             accepted, declined) and when it was made and decided; read
 *             only by its sender and its target (migrate_suggestions)
 * Version 4 adds the club roster:
 *   roster    one row per player of the club: a UUID (the player's stable
 *             ID on every laptop), the origin that added it, its name,
 *             merged_into (the entry it was merged into, NULL: none) and
 *             seq, a change number of the same littlewolf.changes
 *   requests  a laptop's own merge, sent to the admin: the origin that
 *             asks, the two entries, its state (waiting, accepted,
 *             declined) and when it was made and decided
 *   games.players, events.players  the game's or event's players by
 *             roster UUID (a JSON object of names to UUIDs)
 * and the group role `littlewolf_admin`, whose members (club admins'
 * login roles) update roster entries and requests; a laptop may only
 * add entries and requests of its own origin, never change one.
 *
 * Version 5: a laptop withdraws its own waiting request (its merge undone
 * there): requests.state may be 'withdrawn', and the origin's own
 * waiting or withdrawn requests may pass from one to the other (a merge
 * made again sends it again), nothing else (migrate_withdrawals).
 *
 * Version 6: laptops and admins write through SECURITY DEFINER functions
 * only (push_game, push_event, add_roster_entry, add_request,
 * withdraw_request, record_push, suggest, decide_suggestion; the admin's
 * rename_entry, merge_entry, decide_request), with their search path
 * pinned: the origin is the calling login's, change numbers come from
 * the sequence under the row of littlewolf.writer, versions are never
 * negative nor older than the server's, names, records and open
 * suggestions are bounded; the group roles are the club's own, named
 * from its UUID (littlewolf.club_role()), and reach no other club's
 * database (migrate_definer).
 *
 * Version 7 adds:
 *   syncs     per origin, when its last sync ended (pushed or not),
 *             written by littlewolf.record_sync() only (migrate_syncs)
 *
 * Version 8: a game's computer seats travel with it (games.computers:
 * which seats a computer played on the laptop that hosted it, and at
 * what level, a JSON array bounded by push_game()), so that every
 * laptop leaves them out of its ratings and roster; an event's deletion
 * is refused as older, as a game's is, when the server holds a later
 * version, and takes the deletion's version (migrate_computers).
 *
 * Row-level security is enabled and forced on every table: everybody
 * reads every row; a laptop's role (a member of `littlewolf_origin`, which
 * owns nothing) inserts, updates and deletes only the rows of its own
 * origin (littlewolf.my_origin(): the origin whose role is current_user);
 * the schema's owner (and its members) may write every row. Pushes take
 * the advisory lock LW_CLUB_PUSH_LOCK, so that change numbers are
 * committed in their order and a pull never passes over one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-club.h"
#include "lw-names.h"
#include "lw-record.h"

/* Version 3 (its own step, so that another table's step can be numbered
 * before or after it): a correction of another laptop's game, sent to
 * that laptop as a suggestion (lw-club-suggest.c). An origin inserts
 * suggestions in its own name, open, for a game of another origin's, at
 * that game's owner (target); it reads those it sent and those aimed at
 * its own games; only the target changes a suggestion, and then only its
 * state and when it was decided (column grants), once (open → accepted or
 * declined); nobody but the owner deletes one. */
static const char migrate_suggestions[] =
  "CREATE TABLE littlewolf.suggestions ("
  "  id        bigserial PRIMARY KEY,"
  "  game      uuid NOT NULL REFERENCES littlewolf.games (uuid),"
  "  origin    uuid NOT NULL REFERENCES littlewolf.origins (id),"
  "  target    uuid NOT NULL REFERENCES littlewolf.origins (id),"
  "  version   bigint NOT NULL CHECK (version >= 0),"
  "  kind      text NOT NULL CHECK (kind IN ('replace', 'insert', 'delete')),"
  "  number    integer NOT NULL CHECK (number >= 1),"
  "  round     text,"
  "  state     text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'accepted', 'declined')),"
  "  made      timestamptz NOT NULL DEFAULT now (),"
  "  decided   timestamptz,"
  "  CHECK ((kind = 'delete') = (round IS NULL)),"
  "  CHECK (origin <> target),"
  "  CHECK ((state = 'open') = (decided IS NULL))"
  ");"
  "CREATE INDEX suggestions_target ON littlewolf.suggestions (target);"
  "CREATE INDEX suggestions_origin ON littlewolf.suggestions (origin);"
  "ALTER TABLE littlewolf.suggestions ENABLE ROW LEVEL SECURITY;"
  "ALTER TABLE littlewolf.suggestions FORCE ROW LEVEL SECURITY;"
  "CREATE POLICY owner ON littlewolf.suggestions USING (littlewolf.is_owner ())"
  "  WITH CHECK (littlewolf.is_owner ());"
  "CREATE POLICY read ON littlewolf.suggestions FOR SELECT"
  "  USING (origin = littlewolf.my_origin () OR target = littlewolf.my_origin ());"
  "CREATE POLICY own_insert ON littlewolf.suggestions FOR INSERT"
  "  WITH CHECK (origin = littlewolf.my_origin () AND state = 'open'"
  "    AND target = (SELECT g.origin FROM littlewolf.games AS g WHERE g.uuid = game"
  "                   AND g.record IS NOT NULL));"
  "CREATE POLICY target_update ON littlewolf.suggestions FOR UPDATE"
  "  USING (target = littlewolf.my_origin () AND state = 'open')"
  "  WITH CHECK (target = littlewolf.my_origin () AND state <> 'open');"
  "GRANT SELECT, INSERT ON littlewolf.suggestions TO littlewolf_origin;"
  "GRANT UPDATE (state, decided) ON littlewolf.suggestions TO littlewolf_origin;"
  "GRANT USAGE ON SEQUENCE littlewolf.suggestions_id_seq TO littlewolf_origin;";

/* Version 5: a merge undone on the laptop that asked for it withdraws
 * its request. The origin may change only its own requests, only from
 * waiting to withdrawn (the undo) or back (the merge made again), only
 * their state and times (column grants); a decided request is nobody's
 * but the admin's. */
static const char migrate_withdrawals[] =
  "ALTER TABLE littlewolf.requests DROP CONSTRAINT requests_state_check;"
  "ALTER TABLE littlewolf.requests ADD CONSTRAINT requests_state_check"
  "  CHECK (state IN ('waiting', 'accepted', 'declined', 'withdrawn'));"
  "CREATE POLICY own_withdraw ON littlewolf.requests FOR UPDATE"
  "  USING (origin = littlewolf.my_origin () AND state IN ('waiting', 'withdrawn'))"
  "  WITH CHECK (origin = littlewolf.my_origin ()"
  "    AND ((state = 'withdrawn' AND decided IS NOT NULL)"
  "         OR (state = 'waiting' AND decided IS NULL)));"
  "GRANT UPDATE (state, made, decided) ON littlewolf.requests TO littlewolf_origin;";

/* Version 6: laptops and admins write only through functions. The group
 * roles become the club's own (lw_CLUB_origin, lw_CLUB_admin, CLUB the
 * club's UUID without its dashes: littlewolf.club_role()), so that one
 * club's roles neither read nor write another club's database of the
 * same cluster; the cluster's littlewolf_origin and littlewolf_admin lose
 * every privilege here, the club's origins move to its own group, each
 * login limited to LW_CLUB_CONNECTION_LIMIT connections, and the members
 * of littlewolf_admin become the club's admins. The groups keep SELECT
 * (row-level security as before) and lose every other table privilege:
 * they write through SECURITY DEFINER functions with a pinned search
 * path, which take the origin from the calling login (session_user), set
 * change numbers from the sequence under the one row of
 * littlewolf.writer (held until the transaction ends, so that change
 * numbers are committed in their order), and refuse negative versions,
 * over-long names, records past the limit of a game record and too many
 * open suggestions. A push of a game or event at a version older than
 * the server's, or of one the server holds deleted, is not applied:
 * 'older' tells the laptop to take the server's copy back. */
#define LW_CLUB_DEFINER "SECURITY DEFINER SET search_path = pg_catalog, pg_temp"
static const char migrate_definer[] =
  "CREATE TABLE littlewolf.writer (id boolean PRIMARY KEY DEFAULT true CHECK (id));"
  "INSERT INTO littlewolf.writer VALUES (true);"
  "CREATE FUNCTION littlewolf.club_role (kind text) RETURNS name LANGUAGE sql STABLE"
  "  SET search_path = pg_catalog, pg_temp"
  "  AS $$ SELECT ('lw_' || replace (value, '-', '') || '_' || kind)::name"
  "        FROM littlewolf.meta WHERE key = 'club' $$;"
  "CREATE OR REPLACE FUNCTION littlewolf.is_admin () RETURNS boolean LANGUAGE sql STABLE"
  "  SET search_path = pg_catalog, pg_temp"
  "  AS $$ SELECT pg_has_role (session_user, littlewolf.club_role ('admin'), 'MEMBER') $$;"
  /* The calling laptop's origin; an error for any other role. */
  "CREATE FUNCTION littlewolf.caller_origin () RETURNS uuid LANGUAGE plpgsql STABLE " LW_CLUB_DEFINER
  "  AS $$ DECLARE o uuid; BEGIN"
  "    SELECT id INTO o FROM littlewolf.origins WHERE role = session_user;"
  "    IF o IS NULL THEN RAISE EXCEPTION 'the role % is no laptop of this club', session_user"
  "      USING ERRCODE = 'insufficient_privilege'; END IF;"
  "    RETURN o; END $$;"
  /* Taken by every write that gives a change number, until its
   * transaction ends. */
  "CREATE FUNCTION littlewolf.take_writer () RETURNS void LANGUAGE plpgsql " LW_CLUB_DEFINER
  "  AS $$ BEGIN PERFORM 1 FROM littlewolf.writer FOR UPDATE; END $$;"
  "CREATE FUNCTION littlewolf.check_admin () RETURNS void LANGUAGE plpgsql " LW_CLUB_DEFINER
  "  AS $$ BEGIN"
  "    IF NOT pg_has_role (session_user, littlewolf.club_role ('admin'), 'MEMBER')"
  "       AND NOT pg_has_role (session_user, (SELECT nspowner FROM pg_namespace"
  "                                           WHERE nspname = 'littlewolf'), 'MEMBER') THEN"
  "      RAISE EXCEPTION 'the role % is no club admin (club add-admin)', session_user"
  "        USING ERRCODE = 'insufficient_privilege';"
  "    END IF; END $$;"
  "CREATE FUNCTION littlewolf.check_body (what text, body text, players text) RETURNS void"
  "  LANGUAGE plpgsql " LW_CLUB_DEFINER
  "  AS $$ BEGIN"
  "    IF coalesce (octet_length (body), 0) + coalesce (octet_length (players), 0)"
  "       > " G_STRINGIFY (LW_GAME_RECORD_MAX_BYTES) " THEN"
  "      RAISE EXCEPTION '% is over the limit of a game record (% MiB)', what,"
  "        " G_STRINGIFY (LW_GAME_RECORD_MAX_BYTES) " / 1048576"
  "        USING ERRCODE = 'program_limit_exceeded';"
  "    END IF; END $$;"
  "CREATE FUNCTION littlewolf.check_version (what text, version bigint) RETURNS void"
  "  LANGUAGE plpgsql " LW_CLUB_DEFINER
  "  AS $$ BEGIN"
  "    IF version IS NULL OR version < 0 THEN"
  "      RAISE EXCEPTION '%: a version is 0 or more, not %', what, version"
  "        USING ERRCODE = 'check_violation';"
  "    END IF; END $$;"
  /* The push's start: the writer row, and the origin's push counter. */
  "CREATE FUNCTION littlewolf.begin_push () RETURNS bigint LANGUAGE plpgsql " LW_CLUB_DEFINER
  "  AS $$ DECLARE me uuid := littlewolf.caller_origin (); BEGIN"
  "    PERFORM littlewolf.take_writer ();"
  "    RETURN coalesce ((SELECT counter FROM littlewolf.pushes WHERE origin = me), 0); END $$;"
  "CREATE FUNCTION littlewolf.record_push (p_counter bigint) RETURNS void LANGUAGE plpgsql "
  LW_CLUB_DEFINER
  "  AS $$ DECLARE me uuid := littlewolf.caller_origin (); BEGIN"
  "    PERFORM littlewolf.check_version ('the push counter', p_counter);"
  "    INSERT INTO littlewolf.pushes (origin, counter) VALUES (me, p_counter)"
  "     ON CONFLICT (origin) DO UPDATE SET"
  "      counter = greatest (littlewolf.pushes.counter, EXCLUDED.counter), at = now (); END $$;"
  /* A game's record (p_record not NULL) or deletion: 'taken', 'same'
   * (the server holds it so already), 'conflict' (another origin's
   * UUID) or 'older' (the server holds a later version, or the game
   * deleted). A deletion's version is NULL where the laptop does not know
   * which version the server took (a push cut before its end): it
   * deletes whatever the server holds. */
  "CREATE FUNCTION littlewolf.push_game (p_uuid uuid, p_version bigint, p_played_at bigint,"
  "    p_record text, p_players text) RETURNS text LANGUAGE plpgsql " LW_CLUB_DEFINER
  "  AS $$ DECLARE me uuid := littlewolf.caller_origin (); held record; BEGIN"
  "    IF p_record IS NOT NULL OR p_version IS NOT NULL THEN"
  "      PERFORM littlewolf.check_version ('game ' || p_uuid, p_version);"
  "    END IF;"
  "    PERFORM littlewolf.check_body ('the record of game ' || p_uuid, p_record, p_players);"
  "    PERFORM littlewolf.take_writer ();"
  "    SELECT origin, version, record IS NULL AS gone INTO held"
  "     FROM littlewolf.games WHERE uuid = p_uuid;"
  "    IF NOT FOUND THEN"
  "      IF p_record IS NULL THEN RETURN 'same'; END IF;"
  "      INSERT INTO littlewolf.games (uuid, origin, version, played_at, record, players)"
  "       VALUES (p_uuid, me, p_version, p_played_at, p_record, p_players);"
  "      RETURN 'taken';"
  "    END IF;"
  "    IF held.origin <> me THEN RETURN 'conflict'; END IF;"
  "    IF p_record IS NULL THEN"
  "      IF held.gone THEN RETURN 'same'; END IF;"
  "      IF p_version < held.version THEN RETURN 'older'; END IF;"
  "      UPDATE littlewolf.games SET record = NULL, version = coalesce (p_version, held.version),"
  "        seq = nextval ('littlewolf.changes'), pushed = now () WHERE uuid = p_uuid;"
  "      RETURN 'taken';"
  "    END IF;"
  "    IF p_version < held.version OR (held.gone AND p_version <= held.version) THEN"
  "      RETURN 'older';"
  "    END IF;"
  "    UPDATE littlewolf.games SET version = p_version, played_at = p_played_at,"
  "      record = p_record, players = p_players,"
  "      seq = nextval ('littlewolf.changes'), pushed = now ()"
  "     WHERE uuid = p_uuid AND (version, record, players)"
  "       IS DISTINCT FROM (p_version, p_record, p_players);"
  "    RETURN CASE WHEN FOUND THEN 'taken' ELSE 'same' END; END $$;"
  /* An event's facts or deletion, as push_game(). */
  "CREATE FUNCTION littlewolf.push_event (p_uuid uuid, p_version bigint, p_facts text,"
  "    p_players text) RETURNS text LANGUAGE plpgsql " LW_CLUB_DEFINER
  "  AS $$ DECLARE me uuid := littlewolf.caller_origin (); held record; BEGIN"
  "    PERFORM littlewolf.check_version ('event ' || p_uuid, p_version);"
  "    PERFORM littlewolf.check_body ('the facts of event ' || p_uuid, p_facts, p_players);"
  "    PERFORM littlewolf.take_writer ();"
  "    SELECT origin, version, facts IS NULL AS gone INTO held"
  "     FROM littlewolf.events WHERE uuid = p_uuid;"
  "    IF NOT FOUND THEN"
  "      IF p_facts IS NULL THEN RETURN 'same'; END IF;"
  "      INSERT INTO littlewolf.events (uuid, origin, version, facts, players)"
  "       VALUES (p_uuid, me, p_version, p_facts, p_players);"
  "      RETURN 'taken';"
  "    END IF;"
  "    IF held.origin <> me THEN RETURN 'conflict'; END IF;"
  "    IF p_facts IS NULL THEN"
  "      IF held.gone THEN RETURN 'same'; END IF;"
  "      UPDATE littlewolf.events SET facts = NULL,"
  "        seq = nextval ('littlewolf.changes'), pushed = now () WHERE uuid = p_uuid;"
  "      RETURN 'taken';"
  "    END IF;"
  "    IF p_version < held.version OR (held.gone AND p_version <= held.version) THEN"
  "      RETURN 'older';"
  "    END IF;"
  "    UPDATE littlewolf.events SET version = p_version, facts = p_facts, players = p_players,"
  "      seq = nextval ('littlewolf.changes'), pushed = now ()"
  "     WHERE uuid = p_uuid AND (version, facts, players)"
  "       IS DISTINCT FROM (p_version, p_facts, p_players);"
  "    RETURN CASE WHEN FOUND THEN 'taken' ELSE 'same' END; END $$;"
  /* A roster entry this laptop added; one held already changes nothing. */
  "CREATE FUNCTION littlewolf.add_roster_entry (p_uuid uuid, p_name text) RETURNS void"
  "  LANGUAGE plpgsql " LW_CLUB_DEFINER
  "  AS $$ DECLARE me uuid := littlewolf.caller_origin (); BEGIN"
  "    IF p_name IS NULL OR char_length (p_name) NOT BETWEEN 1 AND " G_STRINGIFY (LW_NAME_MAX_CHARS)
  "       OR p_name ~ '[[:cntrl:]]' THEN"
  "      RAISE EXCEPTION 'roster entry %: a name is 1 to % characters, no control characters',"
  "        p_uuid, " G_STRINGIFY (LW_NAME_MAX_CHARS) " USING ERRCODE = 'check_violation';"
  "    END IF;"
  "    PERFORM littlewolf.take_writer ();"
  "    INSERT INTO littlewolf.roster (uuid, origin, name) VALUES (p_uuid, me, p_name)"
  "     ON CONFLICT (uuid) DO NOTHING; END $$;"
  /* This laptop's merge request; one it withdrew waits again. */
  "CREATE FUNCTION littlewolf.add_request (p_player uuid, p_into uuid) RETURNS void"
  "  LANGUAGE plpgsql " LW_CLUB_DEFINER
  "  AS $$ DECLARE me uuid := littlewolf.caller_origin (); BEGIN"
  "    INSERT INTO littlewolf.requests (origin, player, into_player) VALUES (me, p_player, p_into)"
  "     ON CONFLICT (origin, player, into_player) DO UPDATE"
  "      SET state = 'waiting', made = now (), decided = NULL"
  "      WHERE littlewolf.requests.state = 'withdrawn'; END $$;"
  "CREATE FUNCTION littlewolf.withdraw_request (p_player uuid, p_into uuid) RETURNS void"
  "  LANGUAGE plpgsql " LW_CLUB_DEFINER
  "  AS $$ DECLARE me uuid := littlewolf.caller_origin (); BEGIN"
  "    UPDATE littlewolf.requests SET state = 'withdrawn', decided = now ()"
  "     WHERE origin = me AND player = p_player AND into_player = p_into"
  "      AND state = 'waiting'; END $$;"
  /* A suggestion at the owner of a game held on the server (not
   * deleted, not the sender's): its number, NULL when there is no such
   * game. At most LW_CLUB_OPEN_PER_GAME open per sender and game, and
   * LW_CLUB_OPEN_PER_SENDER in all. */
  "CREATE FUNCTION littlewolf.suggest (p_game uuid, p_version bigint, p_kind text,"
  "    p_number integer, p_round text) RETURNS bigint LANGUAGE plpgsql " LW_CLUB_DEFINER
  "  AS $$ DECLARE me uuid := littlewolf.caller_origin (); owner uuid; made bigint; BEGIN"
  "    PERFORM littlewolf.check_version ('a suggestion of game ' || p_game, p_version);"
  "    PERFORM littlewolf.check_body ('the round of a suggestion', p_round, NULL);"
  "    PERFORM 1 FROM littlewolf.origins WHERE id = me FOR UPDATE;"
  "    SELECT origin INTO owner FROM littlewolf.games WHERE uuid = p_game AND record IS NOT NULL;"
  "    IF owner IS NULL OR owner = me THEN RETURN NULL; END IF;"
  "    IF (SELECT count (*) FROM littlewolf.suggestions WHERE origin = me AND game = p_game"
  "        AND state = 'open') >= " G_STRINGIFY (LW_CLUB_OPEN_PER_GAME) " THEN"
  "      RAISE EXCEPTION 'game %: this laptop has % suggestions open there already', p_game,"
  "        " G_STRINGIFY (LW_CLUB_OPEN_PER_GAME) " USING ERRCODE = 'program_limit_exceeded';"
  "    END IF;"
  "    IF (SELECT count (*) FROM littlewolf.suggestions WHERE origin = me AND state = 'open')"
  "       >= " G_STRINGIFY (LW_CLUB_OPEN_PER_SENDER) " THEN"
  "      RAISE EXCEPTION 'this laptop has % suggestions open already',"
  "        " G_STRINGIFY (LW_CLUB_OPEN_PER_SENDER) " USING ERRCODE = 'program_limit_exceeded';"
  "    END IF;"
  "    INSERT INTO littlewolf.suggestions (game, origin, target, version, kind, number, round)"
  "     VALUES (p_game, me, owner, p_version, p_kind, p_number, p_round) RETURNING id INTO made;"
  "    RETURN made; END $$;"
  /* The owner's decision of an open suggestion aimed at it: whether it
   * was open (its row then held until the transaction ends). */
  "CREATE FUNCTION littlewolf.decide_suggestion (p_id bigint, p_state text) RETURNS boolean"
  "  LANGUAGE plpgsql " LW_CLUB_DEFINER
  "  AS $$ DECLARE me uuid := littlewolf.caller_origin (); BEGIN"
  "    UPDATE littlewolf.suggestions SET state = p_state, decided = now ()"
  "     WHERE id = p_id AND target = me AND state = 'open';"
  "    RETURN FOUND; END $$;"
  /* The admin's: a rename, a merge (both entries not merged) and a
   * request's decision (while it waits); whether it was made. */
  "CREATE FUNCTION littlewolf.rename_entry (p_uuid uuid, p_name text) RETURNS boolean"
  "  LANGUAGE plpgsql " LW_CLUB_DEFINER
  "  AS $$ BEGIN"
  "    PERFORM littlewolf.check_admin ();"
  "    IF p_name IS NULL OR char_length (p_name) NOT BETWEEN 1 AND " G_STRINGIFY (LW_NAME_MAX_CHARS)
  "       OR p_name ~ '[[:cntrl:]]' THEN"
  "      RAISE EXCEPTION 'roster entry %: a name is 1 to % characters, no control characters',"
  "        p_uuid, " G_STRINGIFY (LW_NAME_MAX_CHARS) " USING ERRCODE = 'check_violation';"
  "    END IF;"
  "    PERFORM littlewolf.take_writer ();"
  "    UPDATE littlewolf.roster SET name = p_name, seq = nextval ('littlewolf.changes')"
  "     WHERE uuid = p_uuid;"
  "    RETURN FOUND; END $$;"
  "CREATE FUNCTION littlewolf.merge_entry (p_uuid uuid, p_into uuid) RETURNS boolean"
  "  LANGUAGE plpgsql " LW_CLUB_DEFINER
  "  AS $$ BEGIN"
  "    PERFORM littlewolf.check_admin ();"
  "    PERFORM littlewolf.take_writer ();"
  "    UPDATE littlewolf.roster SET merged_into = p_into, seq = nextval ('littlewolf.changes')"
  "     WHERE uuid = p_uuid AND p_uuid <> p_into AND merged_into IS NULL"
  "      AND EXISTS (SELECT 1 FROM littlewolf.roster AS i"
  "                  WHERE i.uuid = p_into AND i.merged_into IS NULL);"
  "    RETURN FOUND; END $$;"
  "CREATE FUNCTION littlewolf.decide_request (p_id bigint, p_state text) RETURNS boolean"
  "  LANGUAGE plpgsql " LW_CLUB_DEFINER
  "  AS $$ BEGIN"
  "    PERFORM littlewolf.check_admin ();"
  "    PERFORM littlewolf.take_writer ();"
  "    UPDATE littlewolf.requests SET state = p_state, decided = now ()"
  "     WHERE id = p_id AND state = 'waiting';"
  "    RETURN FOUND; END $$;"
  /* The club's groups, its origins and admins moved to them; the
   * cluster's groups lose every privilege here. */
  "DO $$ DECLARE"
  "  og name := littlewolf.club_role ('origin');"
  "  ag name := littlewolf.club_role ('admin');"
  "  r record;"
  "BEGIN"
  "  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = og) THEN"
  "    EXECUTE format ('CREATE ROLE %I NOLOGIN', og);"
  "  END IF;"
  "  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ag) THEN"
  "    EXECUTE format ('CREATE ROLE %I NOLOGIN', ag);"
  "  END IF;"
  "  FOR r IN SELECT role FROM littlewolf.origins"
  "           WHERE role IN (SELECT rolname FROM pg_roles) LOOP"
  "    EXECUTE format ('GRANT %I TO %I', og, r.role);"
  "    EXECUTE format ('REVOKE littlewolf_origin FROM %I', r.role);"
  "    EXECUTE format ('ALTER ROLE %I CONNECTION LIMIT " G_STRINGIFY (LW_CLUB_CONNECTION_LIMIT) "',"
  "                    r.role);"
  "  END LOOP;"
  "  FOR r IN SELECT m.rolname FROM pg_auth_members AS a"
  "           JOIN pg_roles AS g ON g.oid = a.roleid JOIN pg_roles AS m ON m.oid = a.member"
  "           WHERE g.rolname = 'littlewolf_admin' LOOP"
  "    EXECUTE format ('GRANT %I TO %I', ag, r.rolname);"
  "  END LOOP;"
  "  REVOKE ALL ON ALL TABLES IN SCHEMA littlewolf FROM littlewolf_origin, littlewolf_admin, PUBLIC;"
  "  REVOKE ALL ON ALL SEQUENCES IN SCHEMA littlewolf FROM littlewolf_origin, littlewolf_admin, PUBLIC;"
  "  REVOKE ALL ON SCHEMA littlewolf FROM littlewolf_origin, littlewolf_admin, PUBLIC;"
  "  REVOKE ALL ON ALL FUNCTIONS IN SCHEMA littlewolf FROM littlewolf_origin, littlewolf_admin, PUBLIC;"
  "  EXECUTE format ('REVOKE CONNECT, TEMPORARY ON DATABASE %I FROM PUBLIC', current_database ());"
  "  EXECUTE format ('GRANT CONNECT ON DATABASE %I TO %I, %I', current_database (), og, ag);"
  "  EXECUTE format ('GRANT USAGE ON SCHEMA littlewolf TO %I, %I', og, ag);"
  "  EXECUTE format ('GRANT SELECT ON littlewolf.meta, littlewolf.origins, littlewolf.games,"
  "    littlewolf.pushes, littlewolf.events, littlewolf.suggestions, littlewolf.roster,"
  "    littlewolf.requests TO %I, %I', og, ag);"
  "  EXECUTE format ('GRANT SELECT ON SEQUENCE littlewolf.changes TO %I, %I', og, ag);"
  "  EXECUTE format ('GRANT EXECUTE ON FUNCTION littlewolf.my_origin (), littlewolf.is_owner (),"
  "    littlewolf.is_admin (), littlewolf.club_role (text) TO %I, %I', og, ag);"
  "  EXECUTE format ('GRANT EXECUTE ON FUNCTION littlewolf.begin_push (),"
  "    littlewolf.record_push (bigint), littlewolf.push_game (uuid, bigint, bigint, text, text),"
  "    littlewolf.push_event (uuid, bigint, text, text), littlewolf.add_roster_entry (uuid, text),"
  "    littlewolf.add_request (uuid, uuid), littlewolf.withdraw_request (uuid, uuid),"
  "    littlewolf.suggest (uuid, bigint, text, integer, text),"
  "    littlewolf.decide_suggestion (bigint, text) TO %I', og);"
  "  EXECUTE format ('GRANT EXECUTE ON FUNCTION littlewolf.rename_entry (uuid, text),"
  "    littlewolf.merge_entry (uuid, uuid), littlewolf.decide_request (bigint, text) TO %I', ag);"
  "END $$;";

/* Version 7: each laptop's last sync, for the admin's list of laptops. A
 * sync that sends nothing writes nothing else, so the pushes' times
 * alone miss it: littlewolf.record_sync() ends every sync, as its
 * caller's origin (no argument to forge), and the club's laptops may
 * run it; everybody of the club reads the table. A laptop's last push
 * is its last sync until it syncs again. */
static const char migrate_syncs[] =
  "CREATE TABLE littlewolf.syncs ("
  "  origin  uuid PRIMARY KEY REFERENCES littlewolf.origins (id),"
  "  at      timestamptz NOT NULL DEFAULT now ()"
  ");"
  "ALTER TABLE littlewolf.syncs ENABLE ROW LEVEL SECURITY;"
  "ALTER TABLE littlewolf.syncs FORCE ROW LEVEL SECURITY;"
  "CREATE POLICY read ON littlewolf.syncs FOR SELECT USING (true);"
  "CREATE POLICY owner ON littlewolf.syncs USING (littlewolf.is_owner ())"
  "  WITH CHECK (littlewolf.is_owner ());"
  "INSERT INTO littlewolf.syncs (origin, at) SELECT origin, at FROM littlewolf.pushes;"
  "CREATE FUNCTION littlewolf.record_sync () RETURNS void LANGUAGE plpgsql " LW_CLUB_DEFINER
  "  AS $$ DECLARE me uuid := littlewolf.caller_origin (); BEGIN"
  "    INSERT INTO littlewolf.syncs (origin) VALUES (me)"
  "     ON CONFLICT (origin) DO UPDATE SET at = now (); END $$;"
  "REVOKE ALL ON FUNCTION littlewolf.record_sync () FROM PUBLIC;"
  "DO $$ BEGIN"
  "  EXECUTE format ('GRANT SELECT ON littlewolf.syncs TO %I, %I',"
  "                  littlewolf.club_role ('origin'), littlewolf.club_role ('admin'));"
  "  EXECUTE format ('GRANT EXECUTE ON FUNCTION littlewolf.record_sync () TO %I',"
  "                  littlewolf.club_role ('origin'));"
  "END $$;";

/* Version 8: push_game() takes the game's computer seats (NULL: none),
 * at most LW_CLUB_COMPUTERS_MAX_BYTES, kept with its record and cleared
 * with it; push_event() refuses an event's deletion at a version older
 * than the server's ('older': the laptop takes the server's copy back)
 * and keeps the deletion's version, so that a restored copy older than
 * the deletion is refused too. The five-argument push_game() goes, and
 * the new one is the club's laptops' only (not PUBLIC's). */
static const char migrate_computers[] =
  "ALTER TABLE littlewolf.games ADD COLUMN computers text;"
  "DROP FUNCTION littlewolf.push_game (uuid, bigint, bigint, text, text);"
  "CREATE FUNCTION littlewolf.push_game (p_uuid uuid, p_version bigint, p_played_at bigint,"
  "    p_record text, p_players text, p_computers text) RETURNS text LANGUAGE plpgsql "
  LW_CLUB_DEFINER
  "  AS $$ DECLARE me uuid := littlewolf.caller_origin (); held record;"
  "    v_computers text := CASE WHEN p_record IS NOT NULL THEN p_computers END; BEGIN"
  "    IF p_record IS NOT NULL OR p_version IS NOT NULL THEN"
  "      PERFORM littlewolf.check_version ('game ' || p_uuid, p_version);"
  "    END IF;"
  "    PERFORM littlewolf.check_body ('the record of game ' || p_uuid, p_record, p_players);"
  "    IF octet_length (v_computers) > " G_STRINGIFY (LW_CLUB_COMPUTERS_MAX_BYTES) " THEN"
  "      RAISE EXCEPTION 'the computer seats of game % are over % bytes', p_uuid,"
  "        " G_STRINGIFY (LW_CLUB_COMPUTERS_MAX_BYTES) " USING ERRCODE = 'program_limit_exceeded';"
  "    END IF;"
  "    PERFORM littlewolf.take_writer ();"
  "    SELECT origin, version, record IS NULL AS gone INTO held"
  "     FROM littlewolf.games WHERE uuid = p_uuid;"
  "    IF NOT FOUND THEN"
  "      IF p_record IS NULL THEN RETURN 'same'; END IF;"
  "      INSERT INTO littlewolf.games (uuid, origin, version, played_at, record, players, computers)"
  "       VALUES (p_uuid, me, p_version, p_played_at, p_record, p_players, v_computers);"
  "      RETURN 'taken';"
  "    END IF;"
  "    IF held.origin <> me THEN RETURN 'conflict'; END IF;"
  "    IF p_record IS NULL THEN"
  "      IF held.gone THEN RETURN 'same'; END IF;"
  "      IF p_version < held.version THEN RETURN 'older'; END IF;"
  "      UPDATE littlewolf.games SET record = NULL, computers = NULL,"
  "        version = coalesce (p_version, held.version),"
  "        seq = nextval ('littlewolf.changes'), pushed = now () WHERE uuid = p_uuid;"
  "      RETURN 'taken';"
  "    END IF;"
  "    IF p_version < held.version OR (held.gone AND p_version <= held.version) THEN"
  "      RETURN 'older';"
  "    END IF;"
  "    UPDATE littlewolf.games SET version = p_version, played_at = p_played_at,"
  "      record = p_record, players = p_players, computers = v_computers,"
  "      seq = nextval ('littlewolf.changes'), pushed = now ()"
  "     WHERE uuid = p_uuid AND (version, record, players, computers)"
  "       IS DISTINCT FROM (p_version, p_record, p_players, v_computers);"
  "    RETURN CASE WHEN FOUND THEN 'taken' ELSE 'same' END; END $$;"
  "CREATE OR REPLACE FUNCTION littlewolf.push_event (p_uuid uuid, p_version bigint, p_facts text,"
  "    p_players text) RETURNS text LANGUAGE plpgsql " LW_CLUB_DEFINER
  "  AS $$ DECLARE me uuid := littlewolf.caller_origin (); held record; BEGIN"
  "    PERFORM littlewolf.check_version ('event ' || p_uuid, p_version);"
  "    PERFORM littlewolf.check_body ('the facts of event ' || p_uuid, p_facts, p_players);"
  "    PERFORM littlewolf.take_writer ();"
  "    SELECT origin, version, facts IS NULL AS gone INTO held"
  "     FROM littlewolf.events WHERE uuid = p_uuid;"
  "    IF NOT FOUND THEN"
  "      IF p_facts IS NULL THEN RETURN 'same'; END IF;"
  "      INSERT INTO littlewolf.events (uuid, origin, version, facts, players)"
  "       VALUES (p_uuid, me, p_version, p_facts, p_players);"
  "      RETURN 'taken';"
  "    END IF;"
  "    IF held.origin <> me THEN RETURN 'conflict'; END IF;"
  "    IF p_facts IS NULL THEN"
  "      IF held.gone THEN RETURN 'same'; END IF;"
  "      IF p_version < held.version THEN RETURN 'older'; END IF;"
  "      UPDATE littlewolf.events SET facts = NULL, version = p_version,"
  "        seq = nextval ('littlewolf.changes'), pushed = now () WHERE uuid = p_uuid;"
  "      RETURN 'taken';"
  "    END IF;"
  "    IF p_version < held.version OR (held.gone AND p_version <= held.version) THEN"
  "      RETURN 'older';"
  "    END IF;"
  "    UPDATE littlewolf.events SET version = p_version, facts = p_facts, players = p_players,"
  "      seq = nextval ('littlewolf.changes'), pushed = now ()"
  "     WHERE uuid = p_uuid AND (version, facts, players)"
  "       IS DISTINCT FROM (p_version, p_facts, p_players);"
  "    RETURN CASE WHEN FOUND THEN 'taken' ELSE 'same' END; END $$;"
  "REVOKE ALL ON FUNCTION littlewolf.push_game (uuid, bigint, bigint, text, text, text),"
  "  littlewolf.push_event (uuid, bigint, text, text) FROM PUBLIC;"
  "DO $$ BEGIN"
  "  EXECUTE format ('GRANT EXECUTE ON FUNCTION"
  "    littlewolf.push_game (uuid, bigint, bigint, text, text, text) TO %I',"
  "    littlewolf.club_role ('origin'));"
  "END $$;";

/* migrations[i] takes the schema from version i to i + 1. */
static const char *const migrations[] = {
  /* 0 → 1 */
  "CREATE TABLE littlewolf.origins ("
  "  id       uuid PRIMARY KEY,"
  "  name     text NOT NULL UNIQUE CHECK (length (name) > 0),"
  "  role     name NOT NULL UNIQUE,"
  "  created  timestamptz NOT NULL DEFAULT now ()"
  ");"
  "CREATE SEQUENCE littlewolf.changes;"
  "CREATE TABLE littlewolf.games ("
  "  uuid       uuid PRIMARY KEY,"
  "  origin     uuid NOT NULL REFERENCES littlewolf.origins (id),"
  "  version    bigint NOT NULL,"
  "  played_at  bigint NOT NULL,"
  "  record     text,"
  "  seq        bigint NOT NULL DEFAULT nextval ('littlewolf.changes'),"
  "  pushed     timestamptz NOT NULL DEFAULT now ()"
  ");"
  "CREATE INDEX games_seq ON littlewolf.games (seq);"
  "CREATE INDEX games_origin ON littlewolf.games (origin);"
  "CREATE TABLE littlewolf.pushes ("
  "  origin   uuid PRIMARY KEY REFERENCES littlewolf.origins (id),"
  "  counter  bigint NOT NULL CHECK (counter >= 0),"
  "  at       timestamptz NOT NULL DEFAULT now ()"
  ");"
  "CREATE FUNCTION littlewolf.my_origin () RETURNS uuid LANGUAGE sql STABLE"
  "  AS $$ SELECT id FROM littlewolf.origins WHERE role = current_user $$;"
  "CREATE FUNCTION littlewolf.is_owner () RETURNS boolean LANGUAGE sql STABLE"
  "  AS $$ SELECT pg_has_role (current_user, nspowner, 'MEMBER')"
  "        FROM pg_namespace WHERE nspname = 'littlewolf' $$;"
  "DO $$ DECLARE t text; BEGIN"
  "  FOREACH t IN ARRAY ARRAY['meta', 'origins', 'games', 'pushes'] LOOP"
  "    EXECUTE format ('ALTER TABLE littlewolf.%I ENABLE ROW LEVEL SECURITY', t);"
  "    EXECUTE format ('ALTER TABLE littlewolf.%I FORCE ROW LEVEL SECURITY', t);"
  "    EXECUTE format ('CREATE POLICY read ON littlewolf.%I FOR SELECT USING (true)', t);"
  "    EXECUTE format ('CREATE POLICY owner ON littlewolf.%I USING (littlewolf.is_owner ())"
  "                     WITH CHECK (littlewolf.is_owner ())', t);"
  "  END LOOP;"
  "  FOREACH t IN ARRAY ARRAY['games', 'pushes'] LOOP"
  "    EXECUTE format ('CREATE POLICY own_insert ON littlewolf.%I FOR INSERT"
  "                     WITH CHECK (origin = littlewolf.my_origin ())', t);"
  "    EXECUTE format ('CREATE POLICY own_update ON littlewolf.%I FOR UPDATE"
  "                     USING (origin = littlewolf.my_origin ())"
  "                     WITH CHECK (origin = littlewolf.my_origin ())', t);"
  "    EXECUTE format ('CREATE POLICY own_delete ON littlewolf.%I FOR DELETE"
  "                     USING (origin = littlewolf.my_origin ())', t);"
  "  END LOOP;"
  "  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'littlewolf_origin') THEN"
  "    CREATE ROLE littlewolf_origin NOLOGIN;"
  "  END IF;"
  "END $$;"
  "GRANT USAGE ON SCHEMA littlewolf TO littlewolf_origin;"
  "GRANT SELECT ON littlewolf.meta, littlewolf.origins TO littlewolf_origin;"
  "GRANT SELECT, INSERT, UPDATE, DELETE ON littlewolf.games, littlewolf.pushes"
  "  TO littlewolf_origin;"
  "GRANT USAGE ON SEQUENCE littlewolf.changes TO littlewolf_origin;"
  "INSERT INTO littlewolf.meta VALUES ('club', gen_random_uuid ()::text);",

  /* 1 → 2: events */
  "CREATE TABLE littlewolf.events ("
  "  uuid       uuid PRIMARY KEY,"
  "  origin     uuid NOT NULL REFERENCES littlewolf.origins (id),"
  "  version    bigint NOT NULL,"
  "  facts      text,"
  "  seq        bigint NOT NULL DEFAULT nextval ('littlewolf.changes'),"
  "  pushed     timestamptz NOT NULL DEFAULT now ()"
  ");"
  "CREATE INDEX events_seq ON littlewolf.events (seq);"
  "CREATE INDEX events_origin ON littlewolf.events (origin);"
  "ALTER TABLE littlewolf.events ENABLE ROW LEVEL SECURITY;"
  "ALTER TABLE littlewolf.events FORCE ROW LEVEL SECURITY;"
  "CREATE POLICY read ON littlewolf.events FOR SELECT USING (true);"
  "CREATE POLICY owner ON littlewolf.events USING (littlewolf.is_owner ())"
  "  WITH CHECK (littlewolf.is_owner ());"
  "CREATE POLICY own_insert ON littlewolf.events FOR INSERT"
  "  WITH CHECK (origin = littlewolf.my_origin ());"
  "CREATE POLICY own_update ON littlewolf.events FOR UPDATE"
  "  USING (origin = littlewolf.my_origin ()) WITH CHECK (origin = littlewolf.my_origin ());"
  "CREATE POLICY own_delete ON littlewolf.events FOR DELETE"
  "  USING (origin = littlewolf.my_origin ());"
  "GRANT SELECT, INSERT, UPDATE, DELETE ON littlewolf.events TO littlewolf_origin;",

  /* 2 → 3: suggestions */
  migrate_suggestions,
  /* 3 → 4: the club roster, merge requests and the admin role */
  "CREATE TABLE littlewolf.roster ("
  "  uuid         uuid PRIMARY KEY,"
  "  origin       uuid NOT NULL REFERENCES littlewolf.origins (id),"
  "  name         text NOT NULL CHECK (length (name) > 0),"
  "  merged_into  uuid REFERENCES littlewolf.roster (uuid) CHECK (merged_into <> uuid),"
  "  seq          bigint NOT NULL DEFAULT nextval ('littlewolf.changes'),"
  "  added        timestamptz NOT NULL DEFAULT now ()"
  ");"
  "CREATE INDEX roster_seq ON littlewolf.roster (seq);"
  "CREATE TABLE littlewolf.requests ("
  "  id           bigserial PRIMARY KEY,"
  "  origin       uuid NOT NULL REFERENCES littlewolf.origins (id),"
  "  player       uuid NOT NULL REFERENCES littlewolf.roster (uuid),"
  "  into_player  uuid NOT NULL REFERENCES littlewolf.roster (uuid) CHECK (into_player <> player),"
  "  state        text NOT NULL DEFAULT 'waiting'"
  "               CHECK (state IN ('waiting', 'accepted', 'declined')),"
  "  made         timestamptz NOT NULL DEFAULT now (),"
  "  decided      timestamptz,"
  "  UNIQUE (origin, player, into_player)"
  ");"
  "ALTER TABLE littlewolf.games ADD COLUMN players text;"
  "ALTER TABLE littlewolf.events ADD COLUMN players text;"
  "DO $$ BEGIN"
  "  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'littlewolf_admin') THEN"
  "    CREATE ROLE littlewolf_admin NOLOGIN;"
  "  END IF;"
  "END $$;"
  "CREATE FUNCTION littlewolf.is_admin () RETURNS boolean LANGUAGE sql STABLE"
  "  AS $$ SELECT pg_has_role (current_user, 'littlewolf_admin', 'MEMBER') $$;"
  "ALTER TABLE littlewolf.roster ENABLE ROW LEVEL SECURITY;"
  "ALTER TABLE littlewolf.roster FORCE ROW LEVEL SECURITY;"
  "ALTER TABLE littlewolf.requests ENABLE ROW LEVEL SECURITY;"
  "ALTER TABLE littlewolf.requests FORCE ROW LEVEL SECURITY;"
  "CREATE POLICY read ON littlewolf.roster FOR SELECT USING (true);"
  "CREATE POLICY owner ON littlewolf.roster USING (littlewolf.is_owner ())"
  "  WITH CHECK (littlewolf.is_owner ());"
  "CREATE POLICY own_insert ON littlewolf.roster FOR INSERT"
  "  WITH CHECK (origin = littlewolf.my_origin () AND merged_into IS NULL);"
  "CREATE POLICY admin_update ON littlewolf.roster FOR UPDATE"
  "  USING (littlewolf.is_admin ()) WITH CHECK (littlewolf.is_admin ());"
  "CREATE POLICY read ON littlewolf.requests FOR SELECT USING (true);"
  "CREATE POLICY owner ON littlewolf.requests USING (littlewolf.is_owner ())"
  "  WITH CHECK (littlewolf.is_owner ());"
  "CREATE POLICY own_insert ON littlewolf.requests FOR INSERT"
  "  WITH CHECK (origin = littlewolf.my_origin () AND state = 'waiting' AND decided IS NULL);"
  "CREATE POLICY admin_update ON littlewolf.requests FOR UPDATE"
  "  USING (littlewolf.is_admin ()) WITH CHECK (littlewolf.is_admin ());"
  "GRANT SELECT, INSERT ON littlewolf.roster, littlewolf.requests TO littlewolf_origin;"
  "GRANT USAGE ON SEQUENCE littlewolf.requests_id_seq TO littlewolf_origin;"
  "GRANT USAGE ON SCHEMA littlewolf TO littlewolf_admin;"
  "GRANT SELECT ON littlewolf.meta, littlewolf.origins, littlewolf.games, littlewolf.events"
  "  TO littlewolf_admin;"
  "GRANT SELECT, UPDATE ON littlewolf.roster, littlewolf.requests TO littlewolf_admin;"
  "GRANT USAGE ON SEQUENCE littlewolf.changes TO littlewolf_admin;",
  /* 4 → 5: a laptop withdraws its own waiting merge request */
  migrate_withdrawals,
  /* 5 → 6: writes through functions only, the club's own group roles */
  migrate_definer,
  /* 6 → 7: each laptop's last sync */
  migrate_syncs,
  /* 7 → 8: a game's computer seats; an event's deletion as a game's */
  migrate_computers,
};

G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == LW_CLUB_SCHEMA_VERSION);

static gboolean
run (PGconn      *conn,
     const char  *what,
     const char  *sql,
     GError     **error)
{
  g_autoptr (PGresult) result = PQexec (conn, sql);
  ExecStatusType status = result != NULL ? PQresultStatus (result) : PGRES_FATAL_ERROR;

  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK)
    return TRUE;
  return lw_club_fail (conn, result, what, error);
}

/* The schema version of @conn's database, 0 when it has none; inside a
 * transaction. */
static gboolean
read_version (PGconn   *conn,
              int      *version,
              GError  **error)
{
  g_autoptr (PGresult) result = NULL;

  *version = 0;
  result = lw_club_exec (conn, "reading the schema version",
                         "SELECT (SELECT value FROM littlewolf.meta WHERE key = 'schema_version')"
                         " FROM pg_namespace WHERE nspname = 'littlewolf'"
                         "  AND to_regclass ('littlewolf.meta') IS NOT NULL",
                         0, NULL, PGRES_TUPLES_OK, error);
  if (result == NULL)
    return FALSE;
  if (PQntuples (result) == 1 && !PQgetisnull (result, 0, 0))
    *version = atoi (PQgetvalue (result, 0, 0));
  return TRUE;
}

gboolean
lw_club_read_version (PGconn   *conn,
                      int      *version,
                      GError  **error)
{
  return read_version (conn, version, error);
}

gboolean
lw_club_init (const char  *conninfo,
              int         *version_out,
              GError     **error)
{
  return lw_club_migrate (conninfo, LW_CLUB_SCHEMA_VERSION, version_out, error);
}

gboolean
lw_club_migrate (const char  *conninfo,
                 int          target,
                 int         *version_out,
                 GError     **error)
{
  g_autoptr (PGconn) conn = NULL;
  int version = 0;
  gboolean ok;

  g_return_val_if_fail (conninfo != NULL, FALSE);
  g_return_val_if_fail (target >= 1 && target <= LW_CLUB_SCHEMA_VERSION, FALSE);

  conn = lw_club_connect (conninfo, error);
  if (conn == NULL)
    return FALSE;
  ok = run (conn, "starting the schema's migration",
            "BEGIN; SELECT pg_advisory_xact_lock (1280790348);"
            "CREATE SCHEMA IF NOT EXISTS littlewolf;"
            "CREATE TABLE IF NOT EXISTS littlewolf.meta (key text PRIMARY KEY, value text NOT NULL)",
            error)
       && read_version (conn, &version, error);
  if (ok && version > LW_CLUB_SCHEMA_VERSION)
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_SCHEMA,
                   "club server: its schema is of a newer version of Little Wolf "
                   "(version %d, this version reads up to %d)", version, LW_CLUB_SCHEMA_VERSION);
      ok = FALSE;
    }
  for (int v = version; ok && v < target; v++)
    {
      g_autofree char *what = g_strdup_printf ("migrating the schema to version %d", v + 1);
      g_autofree char *to = g_strdup_printf ("%d", v + 1);
      const char *values[] = { to };
      g_autoptr (PGresult) set = NULL;

      ok = run (conn, what, migrations[v], error)
           && (set = lw_club_exec (conn, what,
                                   "INSERT INTO littlewolf.meta VALUES ('schema_version', $1)"
                                   " ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                                   1, values, PGRES_COMMAND_OK, error)) != NULL;
    }
  ok = ok && run (conn, "committing the schema", "COMMIT", error);
  if (!ok)
    {
      g_autoptr (PGresult) rollback = PQexec (conn, "ROLLBACK");
      return FALSE;
    }
  if (version_out != NULL)
    *version_out = MAX (version, target);
  return TRUE;
}

gboolean
lw_club_check_schema (PGconn   *conn,
                      char    **club,
                      char    **origin,
                      GError  **error)
{
  g_autoptr (PGresult) result = NULL;
  int version = 0;

  if (!read_version (conn, &version, error))
    return FALSE;
  if (version == 0 || version > LW_CLUB_SCHEMA_VERSION)
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_SCHEMA,
                   version == 0
                   ? "club server: the database %s holds no club schema (littlewolf-cli club init)"
                   : "club server: the database %s holds a schema of a newer version of Little Wolf",
                   PQdb (conn));
      return FALSE;
    }
  result = lw_club_exec (conn, "reading the club",
                         "SELECT (SELECT value FROM littlewolf.meta WHERE key = 'club'),"
                         " littlewolf.my_origin ()",
                         0, NULL, PGRES_TUPLES_OK, error);
  if (result == NULL)
    return FALSE;
  *club = g_strdup (PQgetvalue (result, 0, 0));
  *origin = PQgetisnull (result, 0, 1) ? NULL : g_strdup (PQgetvalue (result, 0, 1));
  return TRUE;
}

char *
lw_club_login_role_sql (PGconn      *conn,
                        const char  *role,
                        const char  *group,
                        const char  *password,
                        GError     **error)
{
  char *quoted_role = PQescapeIdentifier (conn, role, strlen (role));
  char *quoted_hash = NULL;
  char *hash = NULL;
  char *sql = NULL;

  if (password != NULL)
    {
      hash = PQencryptPasswordConn (conn, password, role, NULL);
      quoted_hash = hash != NULL ? PQescapeLiteral (conn, hash, strlen (hash)) : NULL;
    }
  if (quoted_role == NULL || (password != NULL && quoted_hash == NULL))
    g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_FAILED, "club server: adding %s: %s",
                 role, PQerrorMessage (conn));
  else
    sql = g_strdup_printf ("CREATE ROLE %s LOGIN IN ROLE %s%s%s", quoted_role, group,
                           quoted_hash != NULL ? " PASSWORD " : "",
                           quoted_hash != NULL ? quoted_hash : "");
  PQfreemem (quoted_role);
  PQfreemem (quoted_hash);
  PQfreemem (hash);
  return sql;
}
