"""Live updates: what changed is published after commit (notify), each page's websocket
(consumers, routing, player_socket), boards rendered once per view (boards), and who is
looking (presence)."""
