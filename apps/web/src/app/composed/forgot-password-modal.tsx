import type { ComponentProps } from 'react';
import ForgotPasswordModal from '@/features/auth/components/forgot-password-modal';
import { ModalBanners } from '@/features/content/components/modal-banners';

/** The forgot-password modal with the content feature's banners of that modal. */
export default function ComposedForgotPasswordModal(
  props: Omit<ComponentProps<typeof ForgotPasswordModal>, 'banners'>,
) {
  return <ForgotPasswordModal {...props} banners={<ModalBanners group="w_forget" />} />;
}
