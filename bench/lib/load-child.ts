/** A load generator process of lib/load.ts: says it is ready, then runs each load it is sent. */
import { drive, type Drive } from "./load.ts";

process.on("message", (d: Drive) => {
  drive(d).then(
    (result) => process.send!(result),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});
process.send!({ ready: true });
