/**
 * lib/navigation: the navigation model (nav-items.ts), the screens' href builders (paths.ts), route helpers
 * (route-paths.ts), the form-path lookup (form-path.ts) and the navigation hook (use-portal-navigation.ts). Import
 * from the file you need.
 */
export * from './nav-items'
export * from './form-path'
export * from './paths'
export * from './route-paths'
export * from './use-portal-navigation'
