/** @jest-environment node */
import {benchOptions, median} from '../options';

describe('npm run bench: its options', () => {
  test('without any, three runs at the mobile preset', () => {
    expect(benchOptions({})).toEqual({runs: 3, cpuSlowdown: 4});
    expect(benchOptions({BENCH_RUNS: ' ', BENCH_CPU_SLOWDOWN: ''})).toEqual({runs: 3, cpuSlowdown: 4});
  });

  test('reads the runs and the CPU slowdown given', () => {
    expect(benchOptions({BENCH_RUNS: '5', BENCH_CPU_SLOWDOWN: '8'})).toEqual({runs: 5, cpuSlowdown: 8});
    expect(benchOptions({BENCH_CPU_SLOWDOWN: '6.5'}).cpuSlowdown).toBe(6.5);
  });

  test.each([
    ['BENCH_RUNS', 'five', 'BENCH_RUNS must be a whole number from 1 to 50; it is "five".'],
    ['BENCH_RUNS', '0', 'BENCH_RUNS must be a whole number from 1 to 50; it is "0".'],
    ['BENCH_RUNS', '2.5', 'BENCH_RUNS must be a whole number from 1 to 50; it is "2.5".'],
    ['BENCH_CPU_SLOWDOWN', '0.5', 'BENCH_CPU_SLOWDOWN must be a number from 1 to 20; it is "0.5".'],
    ['BENCH_CPU_SLOWDOWN', '4x', 'BENCH_CPU_SLOWDOWN must be a number from 1 to 20; it is "4x".'],
  ])('refuses %s=%s with a message that names it', (name, value, message) => {
    expect(() => benchOptions({[name]: value})).toThrow(message);
  });
});

describe('npm run bench: the median shown', () => {
  test('is the middle run, whatever order the runs came in', () => {
    expect(median([0.91, 0.78, 0.95])).toBe(0.91);
    expect(median([0.8])).toBe(0.8);
    expect(median([3, 1, 4, 2])).toBe(3);
  });

  test('of no runs is an error, not a number', () => {
    expect(() => median([])).toThrow('median of no values');
  });
});
