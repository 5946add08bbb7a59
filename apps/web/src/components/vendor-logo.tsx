import { useMemo } from 'react';
import { LazyImage } from '@/components/lazy-image';
import { cx } from '@/lib/class-names';
import { useGameMenus } from '@/lib/game-menus';
import styles from './vendor-logo.module.css';

/** The demo's drawn logos are 200 x 100; the box keeps that shape so nothing moves on load. */
const LOGO_WIDTH = 200;
const LOGO_HEIGHT = 100;

type VendorLogoProps = {
  name: string;
  /** The catalogue's logo URL; empty or missing shows the name instead. */
  logoUrl?: string | null;
  /** The logo's display size (its height; the width follows the 2:1 shape). */
  size: 'chip' | 'heading' | 'meta';
  /** Also show the name beside the logo (where the logo is too small to read). */
  withName?: boolean;
};

const SIZES = { chip: styles.logoChip, heading: styles.logoHeading, meta: styles.logoMeta };

/**
 * A vendor named by its logo wherever vendors are listed (the catalogue, the betting records, the
 * transfer wallets): the name stays for screen readers (the picture is decorative) and
 * is shown instead when the vendor has no logo.
 */
export function VendorLogo({ name, logoUrl, size, withName = false }: VendorLogoProps) {
  if (!logoUrl) return <span className={styles.vendorName}>{name}</span>;
  return (
    <>
      <LazyImage
        className={cx(styles.vendorLogo, SIZES[size])}
        src={logoUrl}
        width={LOGO_WIDTH}
        height={LOGO_HEIGHT}
      />
      <span className={withName ? styles.vendorName : 'visually-hidden'}>{name}</span>
    </>
  );
}

/** Each vendor's logo URL by code, from the game menus every catalogue page has loaded. */
export function useVendorLogos(): ReadonlyMap<string, string> {
  const menus = useGameMenus().data;
  return useMemo(() => {
    const logos = new Map<string, string>();
    for (const { vendors } of menus ?? []) {
      for (const vendor of vendors) if (vendor.logoUrl) logos.set(vendor.vassalage, vendor.logoUrl);
    }
    return logos;
  }, [menus]);
}
