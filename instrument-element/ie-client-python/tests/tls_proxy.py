"""A TLS front for a plain TCP port, standing in for a broker's TLS connector (the IE's broker has
none yet): the client speaks TLS to it, it speaks plain STOMP to the broker."""

import socket
import ssl
import threading


class TlsProxy:
    def __init__(self, cert_and_key_pem, target_port):
        self._context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        self._context.load_cert_chain(cert_and_key_pem)
        self._target = ("localhost", target_port)
        self._server = socket.create_server(("localhost", 0))
        self.port = self._server.getsockname()[1]
        self._open = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                client, _ = self._server.accept()
            except OSError:
                return  # closed
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client):
        try:
            secure = self._context.wrap_socket(client, server_side=True)
        except (ssl.SSLError, OSError):
            client.close()  # a client that did not trust us
            return
        plain = socket.create_connection(self._target)
        self._open += [secure, plain]
        threading.Thread(target=_pump, args=(secure, plain), daemon=True).start()
        _pump(plain, secure)

    def close(self):
        self._server.close()
        for s in self._open:
            try:
                s.close()
            except OSError:
                pass


def _pump(source, sink):
    try:
        while True:
            data = source.recv(65536)
            if not data:
                break
            sink.sendall(data)
    except OSError:
        pass
    finally:
        for s in (source, sink):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
