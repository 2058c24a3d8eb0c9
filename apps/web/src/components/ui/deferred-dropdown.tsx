import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { afterPageLoad } from '@/lib/after-page-load';

/** One line of the menu: a link, a button (`isCurrent`: the choice in force), or a divider. */
export type MenuEntry =
  | { kind: 'divider'; key: string }
  | { kind: 'link'; key: string; to: string; content: ReactNode }
  | { kind: 'button'; key: string; onClick: () => void; content: ReactNode; lang?: string; isCurrent?: boolean };

export interface DeferredDropdownProps {
  /** On the wrapper, beside Bootstrap's `dropdown`. */
  className?: string;
  size?: 'sm';
  /** On the button, beside Bootstrap's `dropdown-toggle btn btn-light`. */
  toggleClassName: string;
  toggleLabel?: string;
  /** What the button shows. */
  toggle: ReactNode;
  entries: MenuEntry[];
}

const loadMenu = () => import('./deferred-dropdown-menu');
const DeferredDropdownMenu = lazy(loadMenu);

/** Runs `then` once the page has loaded and the browser is idle (or after a short timer); returns what cancels it. */
function whenPageIdle(then: () => void): () => void {
  // Not in every browser the app supports (Safari before 18), whatever the DOM typings say.
  const hasIdle = (window.requestIdleCallback as typeof window.requestIdleCallback | undefined) !== undefined;
  let cancel = () => {};
  const schedule = () => {
    if (hasIdle) {
      const id = window.requestIdleCallback(then, { timeout: 2_000 });
      cancel = () => cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(then, 500);
      cancel = () => window.clearTimeout(id);
    }
  };
  const stopWaiting = afterPageLoad(schedule);
  return () => {
    stopWaiting();
    cancel();
  };
}

/**
 * A menu behind a button whose code comes after the page: react-bootstrap's Dropdown brings Popper, about 31 KB of
 * the first script (10 KB gzip) that every page would otherwise wait for, for the header's two menus (language and
 * account) that few visits open. The page first shows the same button with the same markup, so nothing moves when the
 * menu arrives; the menu is loaded once the page is idle, or as soon as the learner points at or focuses the button.
 * It takes the button's place when loaded, unless the button has the focus (it would lose it); a press opens it, with
 * the focus on its button, as soon as it is there.
 */
export function DeferredDropdown(props: DeferredDropdownProps) {
  const { className, size, toggleClassName, toggleLabel, toggle } = props;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [wanted, setWanted] = useState<'ready' | 'open' | null>(null);
  useEffect(
    () =>
      whenPageIdle(() => {
        void loadMenu().then(() => {
          if (document.activeElement !== buttonRef.current) setWanted((was) => was ?? 'ready');
        });
      }),
    [],
  );

  const button = (
    <div className={['dropdown', className].filter(Boolean).join(' ')}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded="false"
        className={[toggleClassName, 'dropdown-toggle btn btn-light', size && `btn-${size}`].filter(Boolean).join(' ')}
        aria-label={toggleLabel}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={() => setWanted('open')}
      >
        {toggle}
      </button>
    </div>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <DeferredDropdownMenu {...props} isOpenAtStart={wanted === 'open'} />
    </Suspense>
  );
}
