/* placeholder: being written */
#include "lw-record.h"
#include "lw-error.h"
LwRound *lw_round_new (void) { LwRound *r = g_new0 (LwRound, 1); r->declarer = LW_NO_SEAT; r->dealer = LW_NO_SEAT; r->penalties = g_array_new (FALSE, TRUE, sizeof (LwPenalty)); return r; }
LwRound *lw_round_copy (const LwRound *round) { return lw_round_new (); }
void lw_round_add_penalty (LwRound *round, int seat, LwPenaltyKind kind) { LwPenalty p = { seat, kind }; g_array_append_val (round->penalties, p); }
void lw_round_free (LwRound *round) { if (round) { g_array_unref (round->penalties); g_free (round);} }
LwGameRecord *lw_game_record_new (LwRuleset ruleset, guint n_players, const char *const *names) { return NULL; }
LwGameRecord *lw_game_record_copy (const LwGameRecord *record) { return NULL; }
void lw_game_record_free (LwGameRecord *record) { }
void lw_game_record_set_teams (LwGameRecord *record, guint n_teams, const int *team_of) { }
guint lw_game_record_n_sides (const LwGameRecord *record) { return 0; }
int lw_game_record_side_of (const LwGameRecord *record, int seat) { return 0; }
char *lw_game_record_side_name (const LwGameRecord *record, int side) { return NULL; }
gboolean lw_game_record_validate (const LwGameRecord *record, GError **error) { return FALSE; }
gboolean lw_round_validate (const LwGameRecord *record, const LwRound *round, guint number, GError **error) { return FALSE; }
LwGameRecord *lw_game_record_from_json (const char *data, gssize length, GError **error) { g_set_error (error, LW_ENGINE_ERROR, 0, "x"); return NULL; }
char *lw_game_record_to_json (const LwGameRecord *record) { return NULL; }
