import {
  useEffect,
  useLayoutEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/class-names';
import { Icon } from './icon';
import styles from './popup-modal.module.css';

type PopupModalProps = {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Without it the modal has no close button and ignores Escape: it must be answered. */
  onClose?: () => void;
  /** Blocking modals (the disclaimer) stay above every other modal, whenever those open. */
  blocking?: boolean;
  size?: 'small' | 'medium' | 'large';
  /** For a modal that opens with the page: focused after its first paint, not before. */
  focusAfterPaint?: boolean;
  testId?: string;
};

type OpenModal = { id: string; zIndex: number; dialog: HTMLElement };

// Open modals in opening order. Only the top one answers Escape and keeps focus inside itself.
const openModals: OpenModal[] = [];
let scrollLocks = 0;

const BASE_Z_INDEX = 1000;
const BLOCKING_Z_INDEX = 1500;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function nextZIndex(blocking: boolean): number {
  const base = blocking ? BLOCKING_Z_INDEX : BASE_Z_INDEX;
  const layerTop = blocking ? Infinity : BLOCKING_Z_INDEX;
  const sameLayer = openModals.filter((modal) => modal.zIndex >= base && modal.zIndex < layerTop);
  return base + sameLayer.length + 1;
}

function topModal(): OpenModal | null {
  return openModals.reduce<OpenModal | null>(
    (highest, modal) => (highest && highest.zIndex >= modal.zIndex ? highest : modal),
    null,
  );
}

function isTopModal(id: string): boolean {
  return topModal()?.id === id;
}

// The page behind must not scroll while any modal is open. The page keeps its scrollbar's room
// (scrollbar-gutter in global.css), so it does not jump sideways, and nothing is measured here:
// a measurement would lay the page out in the middle of opening the modal.
function lockScroll(): void {
  scrollLocks += 1;
  if (scrollLocks > 1) return;
  document.body.style.overflow = 'hidden';
}

function unlockScroll(): void {
  scrollLocks -= 1;
  if (scrollLocks > 0) return;
  document.body.style.overflow = '';
}

function keepFocusInside(event: KeyboardEvent, container: HTMLElement): void {
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items.at(-1);
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
    container.focus();
  } else if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  } else if (!container.contains(active)) {
    event.preventDefault();
    first.focus();
  }
}

type Drag = { pointerId: number; startX: number; startY: number; origin: Offset; rect: DOMRect };
type Offset = { x: number; y: number };

const HEADER_KEPT_VISIBLE = 56;

/**
 * The dialog every modal of the product is built on: a close button, no closing by a click
 * outside (a stray tap must not lose a half-filled form), draggable by its header, and the page
 * behind locked while it is open.
 */
export function PopupModal({
  title,
  children,
  footer,
  onClose,
  blocking = false,
  size = 'medium',
  focusAfterPaint = false,
  testId,
}: PopupModalProps) {
  const { t } = useTranslation();
  const id = useId();
  const titleId = `${id}-title`;
  const dialogRef = useRef<HTMLDivElement>(null);
  const dragRef = useRef<Drag | null>(null);
  const [zIndex] = useState(() => nextZIndex(blocking));
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });

  // A layout effect: a modal opened by the visitor has the focus before it is painted, so nothing
  // typed into it early can lose its focus to the dialog afterwards. One that opens with the page
  // (focusAfterPaint: the disclaimer) takes it in the effect after the paint instead: focusing
  // before the paint lays the whole first screen out an extra time in the middle of its commit (a
  // forced layout of 45 ms on a phone's first load).
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previouslyFocused =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openModals.push({ id, zIndex, dialog });
    lockScroll();
    if (!focusAfterPaint && isTopModal(id)) dialog.focus({ preventScroll: true });
    return () => {
      openModals.splice(
        openModals.findIndex((modal) => modal.id === id),
        1,
      );
      unlockScroll();
      // Focus goes back where it was, unless another modal is still open: then into that one.
      const next = topModal();
      if (next && !(previouslyFocused && next.dialog.contains(previouslyFocused))) {
        next.dialog.focus();
      } else if (previouslyFocused?.isConnected) {
        previouslyFocused.focus();
      }
    };
  }, [id, zIndex, focusAfterPaint]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (focusAfterPaint && dialog && isTopModal(id)) dialog.focus({ preventScroll: true });
  }, [id, focusAfterPaint]);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const dialog = dialogRef.current;
    if (!dialog || !isTopModal(id)) return;
    if (event.key === 'Escape' && onClose) {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab') {
      keepFocusInside(event, dialog);
    }
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  function startDrag(event: ReactPointerEvent<HTMLElement>) {
    const dialog = dialogRef.current;
    if (event.button !== 0 || !dialog) return;
    if (event.target instanceof Element && event.target.closest('button, a')) return;
    dragRef.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      origin: offset,
      rect: dialog.getBoundingClientRect(),
    };
    event.currentTarget.setPointerCapture(event.pointerId);
  }

  function moveDrag(event: ReactPointerEvent<HTMLElement>) {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    const { rect, origin } = drag;
    // Keep the whole width on screen when it fits, and always keep the header reachable.
    const minX = origin.x - Math.max(rect.left, 0);
    const maxX = origin.x + Math.max(window.innerWidth - rect.right, 0);
    const minY = origin.y - rect.top;
    const maxY = origin.y + window.innerHeight - HEADER_KEPT_VISIBLE - rect.top;
    setOffset({
      x: Math.min(Math.max(origin.x + event.clientX - drag.startX, minX), maxX),
      y: Math.min(Math.max(origin.y + event.clientY - drag.startY, minY), maxY),
    });
  }

  function endDrag() {
    dragRef.current = null;
  }

  return createPortal(
    <div className={styles.backdrop} style={{ zIndex }}>
      <div
        ref={dialogRef}
        className={cx(styles.dialog, styles[size])}
        style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
        <header
          className={styles.header}
          onPointerDown={startDrag}
          onPointerMove={moveDrag}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
        >
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {onClose && (
            <button
              type="button"
              className={styles.close}
              onClick={onClose}
              aria-label={t('common.close')}
              data-testid="modal-close"
            >
              <Icon name="close" />
            </button>
          )}
        </header>
        <div className={styles.body}>{children}</div>
        {footer && <footer className={styles.footer}>{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
