import type { ComponentProps } from 'react';
import LoginModal from '@/features/auth/components/login-modal';
import { ModalBanners } from '@/features/content/components/modal-banners';

/** The login modal with the content feature's login banners. */
export default function ComposedLoginModal(
  props: Omit<ComponentProps<typeof LoginModal>, 'banners'>,
) {
  return <LoginModal {...props} banners={<ModalBanners group="w_login" />} />;
}
