export {
  deleteBodyMeasurement,
  importBodyMeasurements,
  loadBodyMeasurements,
  saveBodyMeasurement,
  type MeasurementsView,
} from './api';
export type { MeasurementActionResult } from './actionResult';
export { MEASUREMENT_FIELD_NAMES, parseMeasurementForm } from './form';
export { withWaitingMeasurements } from './pending';
