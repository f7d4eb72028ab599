// SPDX-FileCopyrightText: 2023 Acme Robotics GmbH <oss@acme-robotics.de>
// SPDX-FileCopyrightText: © 2021 Jane Doe
// SPDX-FileContributor: Max Mustermann
// SPDX-License-Identifier: MIT

export const answer = 42;
