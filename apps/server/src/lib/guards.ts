import type { FastifyRequest } from 'fastify';
import type { Auth } from '../modules/auth/session.service.js';
import type { Role } from './roles.js';
import { AppError } from './app-error.js';

export type SignedIn = Exclude<Auth, { role: 'visitor' }>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route stays open to an account that must change its password first (an agent-created
     * account's first login, an operator's reset): the password change itself, member info and
     * sign-out. Every other signed-in route answers PASSWORD_CHANGE_REQUIRED until then.
     */
    beforePasswordChange?: true;
  }
}

/**
 * An onRequest hook that lets only these roles through, before the body is read or validated (a
 * caller without the role learns nothing of the route's schema): a visitor gets NOT_LOGGED_IN, a trial
 * account IN_NEED_TRUE_ACCOUNT (SPEC section 6), any other role FORBIDDEN; an account that must
 * change its password first PASSWORD_CHANGE_REQUIRED, but on routes open `beforePasswordChange`.
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
  if (!roles.includes(auth.role)) {
    throw new AppError(auth.role === 'trial' ? 'IN_NEED_TRUE_ACCOUNT' : 'FORBIDDEN');
  }
  if (auth.member.mustChangePassword && !request.routeOptions.config.beforePasswordChange) {
    throw new AppError('PASSWORD_CHANGE_REQUIRED');
  }
  return auth;
}

/** Roles of a real account: members and agents (SPEC section 6: trial is barred). */
export const ACCOUNT_ROLES = ['member', 'agent'] as const;
