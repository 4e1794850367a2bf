/* placeholder: being written */
#include "lw-score.h"
#include "lw-error.h"
LwStandings *lw_standings_compute (const LwGameRecord *record, GError **error) { g_set_error (error, LW_ENGINE_ERROR, 0, "x"); return NULL; }
void lw_standings_free (LwStandings *standings) { }
char *lw_standings_to_json (const LwStandings *standings) { return NULL; }
char *lw_standings_to_text (const LwGameRecord *record, const LwStandings *standings) { return NULL; }
const char *lw_reason_to_string (LwReason reason) { return ""; }
const char *lw_reason_to_label (LwReason reason) { return ""; }
char *lw_item_describe (const LwItem *item) { return NULL; }
int lw_standings_needed_to_win (const LwGameRecord *record, const LwStandings *standings, int side) { return 0; }
