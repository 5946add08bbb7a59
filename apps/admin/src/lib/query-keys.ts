/**
 * The first segment of every feature's query keys. Each feature builds its own key factory on
 * its root (in its api folder); the roots live here so that a change made in one feature can
 * refresh what another shows (an approved deposit moves the member's balances and the dashboard)
 * without the features importing each other.
 */
export const queryRoots = {
  adjustments: ['adjustments'],
  agentContracts: ['agent-contracts'],
  agentSettlements: ['agent-settlements'],
  audit: ['audit'],
  callbacks: ['gateway-callbacks'],
  catalogue: ['catalogue'],
  channels: ['deposit-channels'],
  content: ['content'],
  dashboard: ['dashboard'],
  images: ['image'],
  deposits: ['deposits'],
  kyc: ['kyc'],
  members: ['members'],
  operators: ['operators'],
  reports: ['reports'],
  risk: ['risk'],
  /** The signed-in operator and its scoped merchant (with the merchant's time zone). */
  session: ['session'],
  system: ['system'],
  vendorTransfers: ['vendor-transfers'],
  withdrawals: ['withdrawals'],
} as const;

/** An image of the admin API (receipt, proof, KYC document) by its path. */
export const imageKeys = {
  all: queryRoots.images,
  image: (path: string) => [...imageKeys.all, path] as const,
};
