import { NotFound, NotFoundStandalone } from "../../components/NotFound.tsx";

export { NotFound as Component, NotFoundStandalone };
