import { createStore } from '@app/client';

/**
 * Modals any part of the app can open, each drawn by the app's modal host. Login and register
 * are routes (/login, /register) instead, so they can be linked to.
 */
export type AppModal = 'forgotPassword' | 'changePassword' | 'registerSuccess' | 'feedback' | 'kyc';

const openModal = createStore<AppModal | null>(null);

export function openAppModal(modal: AppModal): void {
  openModal.set(modal);
}

export function closeAppModal(): void {
  openModal.set(null);
}

export const useAppModal = openModal.use;
