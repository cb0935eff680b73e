// The points remote: its page map, built by the one shared factory (shared/build).
module.exports = require('@phoenix/build').createRemoteConfig(__dirname, 'points', 8085);
