export { deleteWeighIn, importWeighIns, loadWeightSummary, saveWeighIn } from './api';
export type { WeightActionResult } from './actionResult';
export { GoalWindow } from './components/GoalWindow';
export { ImportWindow } from './components/ImportWindow';
export { UnitSwitch } from './components/UnitSwitch';
export { WeightEditWindow } from './components/WeightEditWindow';
export { WeightEntries } from './components/WeightEntries';
export { WeightStats } from './components/WeightStats';
export { parseGoalForm, parseWeightForm } from './form';
