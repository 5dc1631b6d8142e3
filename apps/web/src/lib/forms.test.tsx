import { describe, expect, it } from "vitest";
import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import { useForm, type UseFormReturn } from "react-hook-form";
import { ApiError } from "./api.ts";
import { z } from "zod";
import { MESSAGES, ShiftLogNoteBody } from "@portico/contract";
import {
  applyServerErrors,
  checkedBy,
  flattenFieldErrors,
  ROOT_SERVER_ERROR,
  serverErrorText,
  serverFieldText,
  withoutRef,
} from "./forms.ts";

interface Values {
  note: string;
  apartment_number: string;
  photo: string;
}
const defaults: Values = { note: "", apartment_number: "", photo: "" };

function setup() {
  return renderHook(() => {
    const form = useForm<Values>({ defaultValues: defaults });
    void form.formState.errors; // subscribe, so that errors re-render the hook
    return form;
  }).result;
}

/** A real form so that focus can be checked. */
function TestForm({ onForm }: { onForm: (f: UseFormReturn<Values>) => void }) {
  const form = useForm<Values>({ defaultValues: defaults });
  onForm(form);
  const { errors } = form.formState;
  return (
    <form>
      <label>
        Note
        <input {...form.register("note")} />
      </label>
      {errors.note && <p>{errors.note.message}</p>}
      <label>
        Apartment
        <input {...form.register("apartment_number")} />
      </label>
      {errors.apartment_number && <p>{errors.apartment_number.message}</p>}
      {errors.root?.serverError && <p role="alert">{errors.root.serverError.message}</p>}
    </form>
  );
}

describe("applyServerErrors", () => {
  it("413 → 'File Too Large, please select a file under 48 MB' on the file field", () => {
    const result = setup();
    act(() => {
      applyServerErrors(new ApiError(413, "Payload Too Large", null), result.current, { fileField: "photo" });
    });
    expect(result.current.formState.errors.photo?.message).toBe("File Too Large, please select a file under 48 MB");
  });

  it("413 without a file field → root", () => {
    const result = setup();
    act(() => {
      applyServerErrors(new ApiError(413, "Payload Too Large", null), result.current);
    });
    expect(result.current.formState.errors.root?.serverError?.message).toBe(
      "File Too Large, please select a file under 48 MB",
    );
  });

  it("status >= 500 → root.serverError with the status text", () => {
    const result = setup();
    act(() => {
      applyServerErrors(new ApiError(500, "Internal Server Error", { note: ["ignored"] }), result.current);
    });
    expect(result.current.formState.errors.root?.serverError?.message).toBe("Internal Server Error");
    expect(result.current.formState.errors.note).toBeUndefined();
  });

  it("503 with an empty status text still reads as its reason phrase", () => {
    const result = setup();
    act(() => {
      applyServerErrors(new ApiError(503, "", null), result.current);
    });
    expect(result.current.formState.errors.root?.serverError?.message).toBe("Service Unavailable");
  });

  it("400: each field under its field, non_field_errors and unknown fields at the root", () => {
    const result = setup();
    let set: Record<string, string> = {};
    act(() => {
      set = applyServerErrors(
        new ApiError(400, "Bad Request", {
          note: ["This field is required."],
          apartment_number: ["Ensure this field has no more than 10 characters.", "Invalid."],
          non_field_errors: ["The unit is vacant."],
          mystery: ["Something else."],
        }),
        result.current,
      );
    });
    const { errors } = result.current.formState;
    expect(errors.note?.message).toBe("This field is required.");
    expect(errors.apartment_number?.message).toBe("Ensure this field has no more than 10 characters. Invalid.");
    expect(errors.root?.serverError?.message).toBe("The unit is vacant. Something else.");
    expect(set[ROOT_SERVER_ERROR]).toBe("The unit is vacant. Something else.");
  });

  it("403 {detail} → root", () => {
    const result = setup();
    act(() => {
      applyServerErrors(
        new ApiError(403, "Forbidden", { detail: "You do not have permission to perform this action." }),
        result.current,
      );
    });
    expect(result.current.formState.errors.root?.serverError?.message).toBe(
      "You do not have permission to perform this action.",
    );
  });

  it("a network failure (not an ApiError) → root with its message", () => {
    const result = setup();
    act(() => {
      applyServerErrors(new TypeError("Failed to fetch"), result.current);
    });
    expect(result.current.formState.errors.root?.serverError?.message).toBe("Failed to fetch");
  });

  it("the first errored field gets focus and the messages show", async () => {
    let form!: UseFormReturn<Values>;
    render(<TestForm onForm={(f) => (form = f)} />);
    act(() => {
      applyServerErrors(
        new ApiError(400, "Bad Request", {
          non_field_errors: ["Check the form."],
          apartment_number: ["Unknown apartment."],
          note: ["Too long."],
        }),
        form,
      );
    });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Apartment")));
    expect(screen.getByText("Unknown apartment.")).toBeTruthy();
    expect(screen.getByText("Too long.")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Check the form.");
  });

  it("with a field list, focus goes to the first errored field in the form's order, not the body's", async () => {
    let form!: UseFormReturn<Values>;
    render(<TestForm onForm={(f) => (form = f)} />);
    act(() => {
      applyServerErrors(
        new ApiError(400, "Bad Request", { apartment_number: ["Unknown apartment."], note: ["Too long."] }),
        form,
        { fields: ["note", "apartment_number"] },
      );
    });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Note")));
  });

  it("honours an explicit field list", () => {
    const result = setup();
    act(() => {
      applyServerErrors(new ApiError(400, "Bad Request", { note: ["x"], photo: ["y"] }), result.current, {
        fields: ["note"],
      });
    });
    expect(result.current.formState.errors.note?.message).toBe("x");
    expect(result.current.formState.errors.photo).toBeUndefined();
    expect(result.current.formState.errors.root?.serverError?.message).toBe("y");
  });
});

describe("flattenFieldErrors", () => {
  it("flattens nested rows", () => {
    expect(
      flattenFieldErrors({ a: ["x"], rows: [{}, { name: ["y"] }], links: { url: ["z"] }, non_field_errors: ["w"] }),
    ).toEqual([
      ["a", "x"],
      ["rows.1.name", "y"],
      ["links.url", "z"],
      ["non_field_errors", "w"],
    ]);
  });
});

describe("serverErrorText / serverFieldText", () => {
  it("one line for a form without fields: every message, the status text at 5xx, the size message at 413", () => {
    const refused = new ApiError(400, "Bad Request", { non_field_errors: ["Closed."], photo: ["Too dark."] });
    expect(serverErrorText(refused)).toBe("Closed. Too dark.");
    expect(serverErrorText(refused, ["photo"])).toBe("Closed.");
    expect(serverFieldText(refused, "photo")).toBe("Too dark.");
    expect(serverFieldText(refused, "note")).toBe("");
    expect(serverErrorText(new ApiError(503, "Service Unavailable", null))).toBe("Service Unavailable");
    expect(serverErrorText(new ApiError(413, "Payload Too Large", null))).toBe(MESSAGES.fileTooLarge);
    expect(serverErrorText(new ApiError(403, "Forbidden", { detail: "Not yours." }))).toBe("Not yours.");
    expect(serverErrorText(new TypeError("Failed to fetch"))).toBe("Failed to fetch");
  });
});

describe("checkedBy", () => {
  it("checks with the contract's rule and message while keeping what was typed", () => {
    const schema = z.object({ body: z.string().superRefine(checkedBy(ShiftLogNoteBody)) });
    expect(schema.parse({ body: "  kept as typed  " })).toEqual({ body: "  kept as typed  " });
    const tooLong = schema.safeParse({ body: "x".repeat(5001) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues.map((i) => i.message)).toEqual([MESSAGES.maxLength(5000)]);
  });
});

describe("withoutRef", () => {
  it("drops the ref and keeps the rest, so the ref can go to the input itself", () => {
    const field = { name: "note", value: "", onChange: () => {}, onBlur: () => {}, ref: () => {} };
    const rest = withoutRef(field);
    expect("ref" in rest).toBe(false);
    expect(rest.name).toBe("note");
    expect(rest.onChange).toBe(field.onChange);
  });
});
