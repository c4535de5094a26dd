import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '@/i18n';

export interface AddFoodTab {
  key: string;
  label: string;
  panel: ReactNode;
}

/**
 * The add window's tabs ("Search", "Saved meals"): a tab list on the ARIA pattern, the arrow keys,
 * Home and End moving between tabs, and only the chosen tab's panel shown.
 */
export function AddFoodTabs({ tabs }: { tabs: readonly AddFoodTab[] }) {
  const t = useT();
  const [chosen, setChosen] = useState(tabs[0]?.key ?? '');
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const choose = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setChosen(tab.key);
    tabRefs.current[(index + tabs.length) % tabs.length]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: -1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(next);
  };
  return (
    <div className="add-food-tabs">
      <div role="tablist" aria-label={t('nutrition.addTabs.label')} className="tab-list">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.key}`}
            aria-selected={tab.key === chosen}
            aria-controls={`${baseId}-panel-${tab.key}`}
            tabIndex={tab.key === chosen ? 0 : -1}
            className="tab"
            onClick={() => setChosen(tab.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) =>
        tab.key === chosen ? (
          <div
            key={tab.key}
            role="tabpanel"
            id={`${baseId}-panel-${tab.key}`}
            aria-labelledby={`${baseId}-tab-${tab.key}`}
            className="tab-panel"
          >
            {tab.panel}
          </div>
        ) : null,
      )}
    </div>
  );
}
