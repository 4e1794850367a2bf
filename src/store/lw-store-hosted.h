/* lw-store-hosted.h — a virtual table hosted for remote play (schema 15):
 * who plays each seat, the hash of each remote seat's link, and the
 * table's version, so that a host started again (after a crash, a laptop
 * closed, Ctrl+C) serves the same game to the same links
 * (docs/REMOTE-PLAY.md "When the host restarts")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-store.h"

G_BEGIN_DECLS

/**
 * LwHostedSeat:
 * @kind: "remote", "computer" or "local" (who plays the seat)
 * @level: a computer seat's level (%LW_BOT_NORMAL for the others)
 * @link_hash: (nullable): the SHA-256 of the seat's link's secret, 64
 *   lowercase hex digits; %NULL when the seat has no link
 *
 * One seat of a hosted table as stored.
 */
typedef struct {
  char       *kind;
  LwBotLevel  level;
  char       *link_hash;
} LwHostedSeat;

/**
 * LwHostedTable:
 * @game: the game's ID
 * @version: at or above every version the table had when saved (a ceiling,
 *   lw_store_save_hosted_round()), 0: never saved
 * @n_seats: how many of @seats are read, 0–8 (a seat missing from the
 *   store reads as "local")
 * @seats: per seat
 *
 * A hosted table as stored.
 */
typedef struct {
  gint64        game;
  guint64       version;
  guint         n_seats;
  LwHostedSeat  seats[LW_MAX_SEATS];
} LwHostedTable;

void lw_hosted_table_free (LwHostedTable *table);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwHostedTable, lw_hosted_table_free)

/**
 * lw_store_host_table:
 * @self: a store
 * @id: a game with a virtual table (lw_store_save_table())
 * @n_seats: 2–8, the game's seats
 * @kinds: (array length=n_seats): each seat's "remote", "computer" or
 *   "local"
 * @levels: (array length=n_seats): each computer seat's level
 * @error: return location for a #GError
 *
 * Marks the game's table as hosted and stores who plays each seat, in one
 * transaction. The seats' link hashes and the table's version stay as
 * they were (a table hosted again keeps its links).
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND when the game has no virtual table,
 * %LW_STORE_ERROR_INVALID for a kind that is none of the three or a seat
 * count out of range, or another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_host_table (LwStore            *self,
                              gint64              id,
                              guint               n_seats,
                              const char *const  *kinds,
                              const LwBotLevel   *levels,
                              GError            **error);

/**
 * lw_store_load_hosted_table:
 * @self: a store
 * @id: a game ID
 * @error: return location for a #GError
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND when the game's table is not hosted
 * (never was, or was closed for good, or the game is over), or another
 * %LW_STORE_ERROR.
 *
 * Returns: (transfer full) (nullable): the hosted table.
 */
LwHostedTable *lw_store_load_hosted_table (LwStore  *self,
                                           gint64    id,
                                           GError  **error);

/**
 * lw_store_is_table_hosted:
 * @self: a store
 * @id: a game ID
 *
 * Returns: %TRUE when the game's table is hosted (it can be resumed with
 *   `littlewolf-cli host --resume`); an error reads as %FALSE.
 */
gboolean lw_store_is_table_hosted (LwStore *self,
                                   gint64   id);

/**
 * lw_store_save_hosted_round:
 * @self: a store
 * @id: a hosted game
 * @seats: as for lw_store_save_table()
 * @round_number: as for lw_store_save_table()
 * @round: (nullable): as for lw_store_save_table()
 * @version: the table's version once this change is made (≥ 1)
 * @error: return location for a #GError
 *
 * lw_store_save_table() and the hosted table's @version in one
 * transaction: a host started again counts on from above every version
 * a seat has seen, so that no action answering a state of before the
 * restart is taken as answering a new one. The version kept is a
 * ceiling, 1024 above the table's when @version passes it: that save
 * waits for the disk, the others, like lw_store_save_table()'s, do not,
 * and a power cut that loses them leaves the ceiling at or above every version
 * a seat has seen.
 *
 * Errors: those of lw_store_save_table().
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_save_hosted_round (LwStore     *self,
                                     gint64       id,
                                     const char  *seats,
                                     guint        round_number,
                                     const char  *round,
                                     guint64      version,
                                     GError     **error);

/**
 * lw_store_set_seat_link_hash:
 * @self: a store
 * @id: a hosted game
 * @seat: a seat, 0–7
 * @link_hash: (nullable): the SHA-256 of the seat's new secret, 64
 *   lowercase hex digits (lw_entry_requests_secret_hash()); %NULL: the
 *   seat has no link
 * @error: return location for a #GError
 *
 * Replaces the seat's link (New Link, or a seat's first link), in one
 * transaction. Only the hash is ever stored, never the secret.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND when the game's table is not hosted
 * or has no such seat, %LW_STORE_ERROR_INVALID for a hash that is not 64
 * lowercase hex digits, or another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_set_seat_link_hash (LwStore     *self,
                                      gint64       id,
                                      guint        seat,
                                      const char  *link_hash,
                                      GError     **error);

/**
 * lw_store_forget_hosted_table:
 * @self: a store
 * @id: a game ID
 * @error: return location for a #GError
 *
 * The host closed the table for good: its seats' kinds and links are
 * forgotten (the virtual table and its round stay, for the app's table).
 * lw_store_remove_table() forgets them too. Nothing happens for a table
 * that is not hosted.
 *
 * Returns: %TRUE on success.
 */
gboolean lw_store_forget_hosted_table (LwStore  *self,
                                       gint64    id,
                                       GError  **error);

G_END_DECLS
