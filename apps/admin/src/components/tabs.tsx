import { cx } from '@/lib/class-names';

type TabsProps<Tab extends string> = {
  tabs: readonly Tab[];
  value: Tab;
  label: (tab: Tab) => string;
  onChange: (tab: Tab) => void;
  testId: string;
};

/** Buttons that switch between the parts of a page. */
export function Tabs<Tab extends string>({ tabs, value, label, onChange, testId }: TabsProps<Tab>) {
  return (
    <div className="toolbar" role="tablist">
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={value === tab}
          className={cx('button', value === tab && 'button--primary')}
          onClick={() => onChange(tab)}
          data-testid={`${testId}-${tab}`}
        >
          {label(tab)}
        </button>
      ))}
    </div>
  );
}
