module.exports = require('../../jest.preset.js').appProjects(__dirname);
