# framegen in Linux, for a Mac or any machine with a container engine (docs/uikit.md, "From a
# Mac"). The image runs the project's own steps, scripts/install-deps and `make install`, which
# CI runs on every fresh clone too (.ci/run), so what the image does is tested there.
#   docker build -t framegen .                      # in framegen's checkout, once
#   scripts/in-linux framegen render scenes/x.yaml  # in your folder: it is mounted at /work
FROM swift:6.3-bookworm
WORKDIR /framegen
COPY . .
RUN scripts/install-deps && make install PREFIX=/usr/local && rm -rf .build
WORKDIR /work
CMD ["framegen", "--help"]
