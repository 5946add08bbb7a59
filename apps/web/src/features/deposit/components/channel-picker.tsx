import { DepositMethod, type DepositChannel } from '@app/shared';
import { useDepositTranslation } from '../deposit-texts';
import { displayAmount } from '@/lib/amount';
import styles from './deposit.module.css';

type ChannelPickerProps = {
  channels: DepositChannel[];
  value: number;
  onChange: (id: number) => void;
  currencySymbol: string;
};

/** The channels grouped by method (bank, GCash, Maya, other e-wallets), each with its limits. */
export function ChannelPicker({ channels, value, onChange, currencySymbol }: ChannelPickerProps) {
  const { t } = useDepositTranslation();
  const groups = DepositMethod.options
    .map((method) => ({ method, items: channels.filter((entry) => entry.method === method) }))
    .filter((group) => group.items.length > 0);
  return (
    <div className={styles.groups} data-testid="deposit-channels">
      {groups.map(({ method, items }) => (
        <fieldset key={method} className={styles.group} data-testid={`deposit-group-${method}`}>
          <legend className={styles.groupTitle}>{t(`methods.${method}`)}</legend>
          <div className={styles.channels} role="radiogroup" aria-label={t(`methods.${method}`)}>
            {items.map((channel) => (
              <button
                key={channel.id}
                type="button"
                role="radio"
                aria-checked={channel.id === value}
                className={styles.channel}
                onClick={() => onChange(channel.id)}
                data-testid={`deposit-channel-${channel.id}`}
                data-kind={channel.kind}
                data-name={channel.name}
              >
                <span className={styles.channelName}>{channel.name}</span>
                <span className={styles.channelMeta}>{t(`kind.${channel.kind}`)}</span>
                <span className={styles.channelMeta}>
                  {t('limits', {
                    min: displayAmount(channel.minAmount, currencySymbol),
                    max: displayAmount(channel.maxAmount, currencySymbol),
                  })}
                </span>
              </button>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
