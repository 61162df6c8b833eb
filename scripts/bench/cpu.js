// CPU seconds of processes, from /proc (utime + stime, in clock ticks of 10 ms): where the
// benchmark's CPU goes. Linux only; elsewhere (or a process gone) it counts nothing.
import fs from "node:fs";

export function cpuSeconds(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone, or not Linux
    }
  }
  return ticks / 100;
}
