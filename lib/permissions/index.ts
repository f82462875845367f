export * from './names'
export * from './checks'
export * from './roles'
export * from './areas'
