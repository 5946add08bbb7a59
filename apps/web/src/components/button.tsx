import type { ButtonHTMLAttributes } from 'react';
import { cx } from '@/lib/class-names';

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  /** A submit button of its form; any other is a plain button (never submits by accident). */
  type?: 'button' | 'submit';
  variant?: 'primary' | 'secondary' | 'ghost';
  /** As wide as its container. */
  block?: boolean;
  testId?: string;
};

/** The site's button (the `button` classes of global.css). */
export function Button({
  type = 'button',
  variant,
  block,
  testId,
  className,
  ...button
}: ButtonProps) {
  return (
    <button
      {...button}
      type={type}
      className={cx('button', variant && `button--${variant}`, block && 'button--block', className)}
      data-testid={testId}
    />
  );
}
