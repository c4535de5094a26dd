export { ChallengesSection } from './components/ChallengesSection';
