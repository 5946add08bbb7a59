import type { FastifyRequest } from 'fastify';
import type { Auth } from '../modules/auth/session.service.js';
import type { Role } from '../modules/auth/roles.js';
import { AppError } from './app-error.js';

export type SignedIn = Exclude<Auth, { role: 'visitor' }>;

/**
 * An onRequest hook that lets only these roles through, before the body is read or validated (a
 * caller without the role learns nothing of the route's schema): a visitor gets NOT_LOGGED_IN, a trial
 * account IN_NEED_TRUE_ACCOUNT (SPEC section 6), any other role FORBIDDEN.
 */
export function allow(...roles: Exclude<Role, 'visitor'>[]) {
  return async (request: FastifyRequest): Promise<void> => {
    signedIn(request, roles);
  };
}

/** The signed-in caller of a route guarded by `allow`, narrowed for the handler. */
export function signedIn(
  request: FastifyRequest,
  roles: readonly Exclude<Role, 'visitor'>[] = ['trial', 'member', 'agent'],
): SignedIn {
  const { auth } = request;
  if (auth.role === 'visitor') throw new AppError('NOT_LOGGED_IN');
  if (roles.includes(auth.role)) return auth;
  if (auth.role === 'trial') throw new AppError('IN_NEED_TRUE_ACCOUNT');
  throw new AppError('FORBIDDEN');
}

/** Roles of a real account: members and agents (SPEC section 6: trial is barred). */
export const ACCOUNT_ROLES = ['member', 'agent'] as const;
