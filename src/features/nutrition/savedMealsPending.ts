import { savedMealItemsOf, type SavedMealRow } from '@/domain/savedMeals';
import {
  applyWaiting,
  isRestList,
  pendingView,
  stringOf,
  type PendingChange,
  type PendingEntry,
} from '@/lib/offline/changes';

function rowOf(entry: PendingEntry, saved: SavedMealRow | undefined): SavedMealRow | null {
  const name = stringOf(entry.fields.name) || saved?.name;
  const listed = entry.fields.items;
  const items =
    listed !== undefined && listed !== null && isRestList(listed) ? savedMealItemsOf(listed) : saved?.items;
  if (!name || !items || items.length === 0) return null;
  return { id: entry.id, name, items, sync: entry.refusal ? 'refused' : 'waiting' };
}

/** The saved meals with this device's waiting changes applied and marked, by name. */
export function withWaitingSavedMeals(
  savedMeals: readonly SavedMealRow[],
  changes: readonly PendingChange[],
): readonly SavedMealRow[] {
  const rows = applyWaiting(savedMeals, pendingView(changes, 'SavedMeal'), rowOf);
  return rows === savedMeals ? rows : [...rows].sort((a, b) => a.name.localeCompare(b.name));
}
