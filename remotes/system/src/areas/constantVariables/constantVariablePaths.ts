/** The API resource and the console paths of this area (links inside pages are absolute). */
export const CONSTANT_VARIABLES = 'constant-variables';
export const LIST_PATH = '/admin/constantVariables';
export const CREATE_PATH = '/admin/constantVariables/create';
export const editPath = (id: number) => `/admin/constantVariables/edit?id=${id}`;
