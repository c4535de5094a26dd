/** Units are converted only at the edges (input and display); stored values are metric. */
export type Units = 'metric' | 'imperial';

export const KM_PER_MILE = 1.609344;

export function distanceUnitLabel(units: Units): 'km' | 'mi' {
  return units === 'imperial' ? 'mi' : 'km';
}

/** A distance in km shown in the person's unit. */
export function kmToDisplay(km: number, units: Units): number {
  return units === 'imperial' ? km / KM_PER_MILE : km;
}

/** A distance typed in the person's unit, stored in km. */
export function displayToKm(value: number, units: Units): number {
  return units === 'imperial' ? value * KM_PER_MILE : value;
}
