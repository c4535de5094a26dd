export { loadExerciseProgress, loadWorkoutRecords, searchExercises, type ExerciseSearch } from './api';
export { ExercisePicker } from './components/ExercisePicker';
export { RestTimer } from './components/RestTimer';
export { SetRows } from './components/SetRows';
export { StrengthExercises } from './components/StrengthExercises';
export { StrengthProgress } from './components/StrengthProgress';
export { restSecondsOf } from './restTimer';
export { liftUnitFor, type LiftUnit } from './sets';
export { useRestTimer, type RestTimerState } from './useRestTimer';
