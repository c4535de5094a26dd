#!/usr/bin/env python3
"""
Writes src/domain/fixtures/trainingLoad.csv: 120 days of daily loads with the fitness, fatigue and
form that Banister's impulse-response model gives them, computed here as a sum over every earlier
day (each day's load fading by e^(-1/tau) a day), not by the day-to-day update the app uses, so the
unit test compares two independent computations.

  fitness(n) = sum over i <= n of load(i) * (1 - e^(-1/42)) * e^(-(n - i)/42)
  fatigue(n) = the same with 7 days

Run: python3 scripts/training-load-fixture.py
"""
import csv
import datetime
import math
import os

FITNESS_DAYS = 42
FATIGUE_DAYS = 7
START = datetime.date(2024, 1, 1)


def loads():
    """A training block: three build weeks and a rest week, twice, then a taper and a gap."""
    week = [60, 0, 90, 45, 0, 150, 30]
    values = []
    for block in range(2):
        for build in range(3):
            values += [round(load * (1 + 0.1 * build + 0.2 * block), 2) for load in week]
        values += [round(load * 0.5, 2) for load in week]
    values += [40, 0, 50, 0, 20, 0, 0]
    values += [0] * 30
    values += [120, 0, 0, 80]
    values += [0] * (120 - len(values))
    return values


def impulse_response(values, tau):
    share = 1 - math.exp(-1 / tau)
    return [
        sum(values[i] * share * math.exp(-(n - i) / tau) for i in range(n + 1)) for n in range(len(values))
    ]


def main():
    values = loads()
    fitness = impulse_response(values, FITNESS_DAYS)
    fatigue = impulse_response(values, FATIGUE_DAYS)
    path = os.path.join(os.path.dirname(__file__), '..', 'src', 'domain', 'fixtures', 'trainingLoad.csv')
    with open(path, 'w', newline='') as out:
        writer = csv.writer(out, lineterminator='\n')
        writer.writerow(['date', 'load', 'fitness', 'fatigue', 'form'])
        for n, load in enumerate(values):
            day = START + datetime.timedelta(days=n)
            writer.writerow([day.isoformat(), load, f'{fitness[n]:.10f}', f'{fatigue[n]:.10f}', f'{fitness[n] - fatigue[n]:.10f}'])


if __name__ == '__main__':
    main()
