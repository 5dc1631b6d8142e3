import { afterEach } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import { fakeMatchMedia } from "./matchMedia.ts";

// findBy*/waitFor wait up to 10 s: timing is not what these tests assert.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});

// jsdom has no matchMedia (MUI's useMediaQuery): desktop width by default.
if (!window.matchMedia) {
  Object.defineProperty(window, "matchMedia", { writable: true, value: fakeMatchMedia(() => false) });
}
