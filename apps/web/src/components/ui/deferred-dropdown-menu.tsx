import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import type { DeferredDropdownProps } from './deferred-dropdown';

/**
 * The real menu behind a DeferredDropdown (deferred-dropdown.tsx): react-bootstrap's Dropdown, with Popper, in a chunk
 * of its own. `isOpenAtStart`: the learner pressed the button before this arrived, so the menu opens, with the focus
 * on its button, as that press asked.
 */
export default function DeferredDropdownMenu({
  className,
  size,
  toggleClassName,
  toggleLabel,
  toggle,
  entries,
  isOpenAtStart,
}: DeferredDropdownProps & { isOpenAtStart: boolean }) {
  return (
    <Dropdown align="end" className={className} defaultShow={isOpenAtStart}>
      <Dropdown.Toggle
        variant="light"
        size={size}
        className={toggleClassName}
        aria-label={toggleLabel}
        autoFocus={isOpenAtStart}
      >
        {toggle}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {entries.map((entry) =>
          entry.kind === 'divider' ? (
            <Dropdown.Divider key={entry.key} />
          ) : entry.kind === 'link' ? (
            <Dropdown.Item key={entry.key} as={Link} to={entry.to}>
              {entry.content}
            </Dropdown.Item>
          ) : (
            <Dropdown.Item
              key={entry.key}
              as="button"
              type="button"
              lang={entry.lang}
              active={entry.isCurrent}
              aria-current={entry.isCurrent ? 'true' : undefined}
              onClick={entry.onClick}
            >
              {entry.content}
            </Dropdown.Item>
          ),
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}
