export { loadRacePredictions, loadTrainingLoad } from './api';
export { RacePredictionsCard } from './components/RacePredictionsCard';
export { TrainingLoadCard } from './components/TrainingLoadCard';
