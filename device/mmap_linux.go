package device

const mapFlags = 0
