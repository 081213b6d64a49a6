import type { Catalogue } from "../i18n";

export const es: Catalogue = {};
