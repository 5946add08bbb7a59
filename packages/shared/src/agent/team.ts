import { z } from 'zod';
import { RowIdParam } from '../validation.js';
import { Amount } from '../wallet/wallet.js';
import { ContractKind } from './contracts.js';

/**
 * The agent centre's registerCenter and downlineManagmentView (SPEC section 2, issue 8): the
 * caller's downline (decision 011's tree), creating direct downline accounts, and the caller's
 * affiliate links. Paths under /wps/agent/ next to /wps/agent/affiliate; agents only. Any account
 * or code that is not the caller's own answers as unknown.
 */

/** A downline account is a plain member or a sub-agent. */
export const DownlineType = z.enum(['member', 'agent']);
export type DownlineType = z.infer<typeof DownlineType>;

/** GET /wps/agent/downlines: direct downline by default, `depth=all` for every level. */
export const DownlineListQuery = z.object({
  depth: z.enum(['direct', 'all']).default('direct'),
  /** The start of the account name (case ignored). */
  account: z.string().trim().toLowerCase().min(1).max(32).optional(),
  status: z.enum(['active', 'locked']).optional(),
  type: DownlineType.optional(),
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type DownlineListQuery = z.infer<typeof DownlineListQuery>;

export const DownlineIdParams = z.object({
  id: RowIdParam,
});

export const DownlineView = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string().nullable(),
  type: DownlineType,
  /** The account type number (SPEC section 3: agents 1, 2, 41, 42; members 0). */
  memberType: z.number().int(),
  /** Levels below the caller: 1 for a direct downline. */
  level: z.number().int(),
  status: z.string(),
  mainBalance: Amount,
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** Types of the contracts in force that the account holds from the caller. */
  contracts: z.array(ContractKind),
});
export type DownlineView = z.infer<typeof DownlineView>;

export const DownlinePage = z.object({
  currency: z.string().length(3),
  currencySymbol: z.string(),
  content: z.array(DownlineView),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
});
export type DownlinePage = z.infer<typeof DownlinePage>;

/**
 * POST /wps/agent/downlines: a new direct downline account under the caller. The merchant's
 * register field rules for username, password and nickname apply, as at registration.
 */
export const CreateDownlineRequest = z.object({
  username: z.string().trim().min(1).max(32),
  password: z.string().min(1).max(128),
  type: DownlineType,
  nickname: z.string().trim().min(1).max(40).optional(),
});
export type CreateDownlineRequest = z.infer<typeof CreateDownlineRequest>;

/** GET /wps/agent/affiliate-links: one of the caller's affiliate codes. */
export const AffiliateLink = z.object({
  code: z.string(),
  /** Accounts registered under the caller with this code. */
  registrations: z.number().int(),
  createdAt: z.string(),
});
export type AffiliateLink = z.infer<typeof AffiliateLink>;

export const AffiliateLinkList = z.array(AffiliateLink);
export type AffiliateLinkList = z.infer<typeof AffiliateLinkList>;

export const AffiliateLinkParams = z.object({ code: z.string().trim().min(1).max(32) });

export const AffiliateLinkDeleted = z.object({ code: z.string(), deleted: z.literal(true) });
export type AffiliateLinkDeleted = z.infer<typeof AffiliateLinkDeleted>;

/**
 * GET /wps/agent/team/tree: one level of the caller's team hierarchy, loaded as the agent expands
 * a node. `parentId` is the caller (the default) or any account of their downline; any other
 * answers DOWNLINE_NOT_FOUND.
 */
export const TeamTreeQuery = z.object({
  parentId: RowIdParam.optional(),
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TeamTreeQuery = z.infer<typeof TeamTreeQuery>;

/** One account of the hierarchy with the size of what lies below it. */
export const TeamTreeNode = z.object({
  id: z.number().int(),
  account: z.string(),
  type: DownlineType,
  /** Levels below the caller: 0 for the caller, 1 for a direct downline. */
  level: z.number().int(),
  /** Accounts directly below this one. */
  directCount: z.number().int(),
  /** Accounts below this one at any depth. */
  teamSize: z.number().int(),
});
export type TeamTreeNode = z.infer<typeof TeamTreeNode>;

export const TeamTreePage = z.object({
  parent: TeamTreeNode,
  /** The parent's direct downline, oldest account first. */
  content: z.array(TeamTreeNode),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
});
export type TeamTreePage = z.infer<typeof TeamTreePage>;

/** GET /wps/agent/team/tree/search: an account of the caller's downline by its exact username. */
export const TeamTreeSearchQuery = z.object({
  account: z.string().trim().toLowerCase().min(1).max(32),
});
export type TeamTreeSearchQuery = z.infer<typeof TeamTreeSearchQuery>;

export const TeamTreeSearchResult = z.object({
  node: TeamTreeNode,
  /** From the caller down to the node's direct upline: the nodes to expand to show it. */
  path: z.array(TeamTreeNode),
});
export type TeamTreeSearchResult = z.infer<typeof TeamTreeSearchResult>;
