import {
  Activity,
  Bike,
  Dumbbell,
  Footprints,
  Kayak,
  Mountain,
  PersonStanding,
  SportShoe,
  WavesLadder,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { ActivityType } from '@/domain/contract';

const ICONS = {
  run: SportShoe,
  walk: Footprints,
  cycle: Bike,
  swim: WavesLadder,
  strength: Dumbbell,
  yoga: PersonStanding,
  hiit: Zap,
  hike: Mountain,
  row: Kayak,
  other: Activity,
} as const satisfies Readonly<Record<ActivityType, LucideIcon>>;

/** The workout type's icon, drawn in the text's colour; decorative, as the type's name is shown beside it. */
export function ActivityTypeIcon({ type }: { type: ActivityType }) {
  const Icon = ICONS[type];
  return <Icon className="icon" aria-hidden="true" />;
}
