/**
 * The accounts of the ledger. A member's accounts belong to one member and can never go below
 * zero; the merchant's accounts balance them (they go negative as money comes in: a deposit
 * credits the member and debits payments in transit) and are split into shards so that
 * concurrent movements do not all wait on one row.
 */
export const MEMBER_ACCOUNT_KINDS = ['member_main', 'member_vendor', 'agent_commission'] as const;
export type MemberAccountKind = (typeof MEMBER_ACCOUNT_KINDS)[number];

export const MERCHANT_ACCOUNT_KINDS = [
  /** The operator's own money: losses and wins of members, adjustments. */
  'house',
  /** Promotions and rebates paid out. */
  'bonus',
  /** Money on its way between the platform and a payment gateway or bank. */
  'payments_in_transit',
  /** Withdrawals requested and not yet paid out or rejected. */
  'withdrawals_pending',
  /** Stakes of bets not yet settled. */
  'bets_open',
  /**
   * Money on its way between a member's main wallet and a transfer-wallet vendor: a fund in or
   * fund out the vendor has not confirmed yet (vendor_transfers pending or unresolved).
   */
  'vendor_transfers_in_transit',
  /**
   * Deposit channel fees owed to the payment channels (credited by each fee, whoever bears it;
   * settled with the provider outside the platform).
   */
  'channel_fees',
  /** The merchant's expense for channel fees it bears itself (debited: goes negative). */
  'channel_fee_expense',
] as const;
export type MerchantAccountKind = (typeof MERCHANT_ACCOUNT_KINDS)[number];
export type AccountKind = MemberAccountKind | MerchantAccountKind;

/** Holding accounts of two-phase movements. */
export type HoldKind = Extract<MerchantAccountKind, 'withdrawals_pending' | 'bets_open'>;

/** How many rows each merchant account is split into. */
export const MERCHANT_ACCOUNT_SHARDS = 16;

export type AccountRef =
  | { kind: 'member_main' | 'agent_commission'; memberId: number }
  | { kind: 'member_vendor'; memberId: number; vendorCode: string }
  /** A merchant account; `shard` only when a particular row is meant (a hold's own row). */
  | { kind: MerchantAccountKind; shard?: number };

/** One row of `ledger_accounts`, as the ledger addresses it. */
export type AccountAddress = {
  kind: AccountKind;
  memberId: number | null;
  vendorCode: string;
  shard: number;
};

export function isMemberAccount(ref: AccountRef): ref is Extract<AccountRef, { memberId: number }> {
  return 'memberId' in ref;
}

/** The row an account reference means; a merchant account without a shard gets a random one. */
export function addressOf(ref: AccountRef): AccountAddress {
  if (isMemberAccount(ref)) {
    return {
      kind: ref.kind,
      memberId: ref.memberId,
      vendorCode: ref.kind === 'member_vendor' ? ref.vendorCode : '',
      shard: 0,
    };
  }
  return {
    kind: ref.kind,
    memberId: null,
    vendorCode: '',
    shard: ref.shard ?? Math.floor(Math.random() * MERCHANT_ACCOUNT_SHARDS),
  };
}

/**
 * The account without its shard: what an idempotent request is about, and the order in which
 * an entry locks its rows (every entry locks in this order, so two entries never deadlock).
 */
export function accountKey(ref: AccountRef): string {
  if (!isMemberAccount(ref)) return `${ref.kind}`;
  const vendor = ref.kind === 'member_vendor' ? ref.vendorCode : '';
  return `${ref.kind}|${ref.memberId}|${vendor}`;
}
