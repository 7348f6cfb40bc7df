module.exports = require('../../jest.preset.js').unitProject(__dirname);
