/**
 * The kinds of movement a player tells apart in the account record; each groups ledger entry
 * types (see RECORD_CATEGORY_ENTRY_TYPES).
 */
export const RECORD_CATEGORIES = [
  'deposit',
  'withdrawal',
  'transfer',
  'wallet',
  'bet',
  'payout',
  'bonus',
  'commission',
  'adjustment',
] as const;
