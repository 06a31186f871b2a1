/** The tests' library is in Asia/Dhaka, six hours ahead of UTC all year (no summer time). */

/** The instant the library's wall clock shows `time` (HH:MM) on `day` (YYYY-MM-DD). */
export const dhaka = (day: string, time: string) => new Date(`${day}T${time}:00+06:00`);
