export { ImportWorkouts } from './components/ImportWorkouts';
