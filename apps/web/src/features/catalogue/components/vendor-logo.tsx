import { VendorLogo } from '@/components/vendor-logo';
import styles from './catalogue.module.css';

/** The heading of one vendor's games: its logo (its name for screen readers). */
export function VendorHeading({ name, logoUrl }: { name: string; logoUrl?: string | null }) {
  return (
    <h2 className={styles.vendorHeading} data-testid="vendor-heading">
      <VendorLogo name={name} logoUrl={logoUrl} size="heading" />
    </h2>
  );
}
